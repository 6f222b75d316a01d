#!/usr/bin/env python3
"""Where a played second goes: splits a perf profile of `segue play` into the pipeline's stages
(docs/performance.md, "Where a played second goes").

    perf record -F 19999 -e cpu-clock -g -o play.data -- segue play --output null FILE
    perf script -i play.data -F comm,tid,period,ip,sym,dso | python3 scripts/perf-stages.py

prints CPU milliseconds per stage and per thread. A sample goes to the stage of the innermost
frame that names one (leaf first); a leaf in the Swift runtime or the allocator goes to "Swift
runtime/allocation" whoever called it; a thread not named segue* (libpulse's threaded mainloop,
started by ALSA's pulse plugin) is output. glibc, libm and the codecs have no frame pointers, so
a sample inside them often has no caller: the codec libraries are known by their own name, a
futex with no caller is the ring's condition variable, and what is left is "rest". A profiling
aid, not a test: the rules know the symbol names of today's code."""
import re, sys
from collections import defaultdict

RUNTIME_LEAF = re.compile(r"^(swift_|_swift_|__swift_|swift::|getCache|malloc|free|cfree|_int_malloc|_int_free|"
                          r"__libc_malloc|__libc_free|calloc|realloc|tcache|malloc_consolidate|__tls_get_addr|"
                          r"_?swift_retain|_?swift_release|\$ss.*_ContiguousArrayBuffer|unlink_chunk)")
RULES = [
    # FAAD2 converts its float output to 16 bits with lrintf (libm, no frame pointers: no caller).
    ("decode: codec library (FAAD2, libmpg123)", lambda s, d: "libfaad" in d or "libmpg123" in d or s in ("__llrintf", "__lrintf")),
    ("conversion (resampler, channel map, crossfade)", lambda s, d: "libsoxr" in d or "8Resampler" in s or "10ChannelMap" in s or "10Crossfader" in s),
    ("ring and locks (PCMRing, ConditionLock, futex)", lambda s, d: "7PCMRing" in s or "13ConditionLock" in s),
    ("output (device writes, pacing)", lambda s, d: "libasound" in d or "libpulse" in d or "pulsecommon" in d
        or "10ALSAOutput" in s or "10NullOutput" in s or "13WAVFileOutput" in s),
    ("decode: ours (demuxer, reads, decoder glue)", lambda s, d: "8Decoders" in s or "5Audio" in s),
    ("segue play's loop (0.25 s wait, progress)", lambda s, d: "11PlayCommandV3run" in s),
    ("start-up and exit (loader, symbol binding, CLI, teardown)", lambda s, d: s.startswith("_dl_") or s in ("do_lookup_x", "check_match", "_dl_start_user", "dl_main", "_dl_init", "_dl_fini", "_dl_start",
        "__x64_sys_execve", "do_exit", "do_group_exit", "exit_mmap", "__libc_start_call_main", "segue_main", "exit")),
    ("pipeline and player bookkeeping", lambda s, d: "6Player" in s),
]
# glibc has no frame pointers: a futex wait or wake often shows no caller. Within Segue's threads
# those are the ring's condition variable (the outputs' own waits show their callers).
LOCKS = re.compile(r"futex|pthread_cond|pthread_mutex|__lll_lock|condvar|pthread_disable_asynccancel|pthread_enable_asynccancel")
RUNTIME = "Swift runtime/allocation (retain/release, metadata, malloc)"


def samples(stream):
    head, frames = None, []
    for line in stream:
        line = line.rstrip("\n")
        if not line.strip():
            if head:
                yield head, frames
            head, frames = None, []
        elif not line.startswith("\t") and not line.startswith(" " * 8) and head is None:
            head = line.split()
        else:
            m = re.match(r"\s*[0-9a-f]+\s+(.*)\s+\((.*)\)$", line)
            if m:
                frames.append((m.group(1).split("+")[0].strip(), m.group(2)))
    if head:
        yield head, frames


def stage(frames, comm="segue"):
    if not comm.startswith("segue"):
        # libpulse's threaded mainloop, started by ALSA's pulse plugin inside the process.
        return "output: PulseAudio client thread (threaded-ml)"
    if not frames:
        return "rest"
    leaf_sym, leaf_dso = frames[0]
    if ("libswift" in leaf_dso or "libc.so" in leaf_dso or "ld-linux" in leaf_dso or leaf_dso.endswith("segue")) and RUNTIME_LEAF.match(leaf_sym):
        return RUNTIME
    for sym, dso in frames:
        for name, test in RULES:
            if test(sym, dso):
                return name
    if any(LOCKS.search(sym) for sym, _ in frames):
        return "ring and locks (PCMRing, ConditionLock, futex)"
    return "rest (kernel and libraries with no caller known)"


def main():
    by_stage, by_thread = defaultdict(float), defaultdict(float)
    total = 0.0
    for head, frames in samples(sys.stdin):
        comm, period = head[0], float(head[2]) / 1e6  # ns -> ms
        total += period
        by_stage[stage(frames, comm)] += period
        by_thread[comm] += period
    for name, ms in sorted(by_stage.items(), key=lambda kv: -kv[1]):
        print(f"{ms:8.1f} ms  {100 * ms / total:5.1f} %  {name}")
    print(f"{total:8.1f} ms  total")
    for name, ms in sorted(by_thread.items(), key=lambda kv: -kv[1]):
        print(f"  thread {name}: {ms:.1f} ms")


main()
