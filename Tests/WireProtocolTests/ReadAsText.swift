import WireProtocol

/// What a daemon line reads as through `parse`, comparable across readers: the message and its
/// notice, or the error's sentence.
func readAsText(_ line: String, _ parse: (String) throws(WireError) -> (message: DaemonMessage, notice: String?)) -> String {
    do {
        let (message, notice) = try parse(line)
        return "\(message) notice: \(notice ?? "none")"
    } catch {
        return "error: \(error)"
    }
}
