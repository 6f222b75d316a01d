#!/usr/bin/env python3
"""What a process's peak resident memory is made of (issue 15, docs/performance.md "Memory").

    python3 scripts/rss_breakdown.py [--seconds N] COMMAND [ARGS...]

Runs COMMAND, reads /proc/PID/smaps every 0.1 s for N seconds (default 6) or until it ends, and
prints, for the sample with the most resident memory, the resident kB of each mapping by file
(shared libraries, the executable) and the anonymous memory ([heap], thread arenas and stacks),
with VmHWM (the peak `/usr/bin/time -f %M` reports) and the most threads seen. Only reads /proc.
"""
import collections, os, signal, subprocess, sys, time


def sample(pid):
    by_mapping, total, name = collections.Counter(), 0, None
    for line in open(f"/proc/{pid}/smaps"):
        fields = line.split()
        if len(fields) >= 5 and "-" in fields[0] and ":" not in fields[0]:
            name = os.path.basename(fields[5]) if len(fields) > 5 else "[anonymous]"
        elif fields[0] == "Rss:":
            by_mapping[name] += int(fields[1])
            total += int(fields[1])
    status = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status"))
    return total, by_mapping, int(status["VmHWM"].split()[0]), int(status["Threads"])


def main(argv):
    seconds = 6.0
    if argv[:1] == ["--seconds"]:
        seconds, argv = float(argv[1]), argv[2:]
    if not argv:
        sys.exit(__doc__)
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    best, hwm, threads = (0, collections.Counter()), 0, 0
    deadline = time.time() + seconds
    while child.poll() is None and time.time() < deadline:
        try:
            total, by_mapping, peak, count = sample(child.pid)
        except (OSError, ValueError, KeyError):
            break
        hwm, threads = max(hwm, peak), max(threads, count)
        if total > best[0]:
            best = (total, by_mapping)
        time.sleep(0.1)
    if child.poll() is None:
        child.kill()
    child.wait()
    total, by_mapping = best
    print(f"VmHWM {hwm} kB; largest sample {total} kB; threads {threads}")
    for name, kb in by_mapping.most_common():
        if kb:
            print(f"{kb:8d} kB  {name}")


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly
    main(sys.argv[1:])
