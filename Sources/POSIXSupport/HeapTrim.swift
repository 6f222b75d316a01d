/// Gives the heap's free memory back to the system.
public enum HeapTrim {
    /// Returns the free pages of every malloc arena to the system (glibc's `malloc_trim(0)`);
    /// does nothing on a C library without it. glibc keeps freed memory for reuse, so after a
    /// one-off burst (a scan of 100,000 files) a long-running process would otherwise stay as
    /// big as the burst made it. Takes a few milliseconds; call it after such bursts, not often.
    public static func now() {
        _ = CLibrary.mallocTrim?(0)
    }
}
