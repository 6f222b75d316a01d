#!/usr/bin/env python3
"""make bench: Segue side by side with mpg123, cmus and mpd, in one run, with ratios.

`python3 scripts/bench.py library [COUNT]` runs only the library section (issue 13:
scripts/library_bench.py) on a generated tree of COUNT files; make bench-large is COUNT=100000.
`python3 scripts/bench.py mpd` runs only the MPD section (issue 14: scripts/mpd_bench.py):
`segue daemon --mpd` beside mpd on 10,000 songs.

Real-time playback goes into a PulseAudio null sink (private server, private runtime dir), so
every player is paced like a real device. Figures are printed as a table; nothing here is a
pass/fail test. Run from the repository root after `make build` (make bench does both).
"""
import json, os, shutil, signal, subprocess, sys, tempfile, time

import library_bench
import mpd_bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEGUE = os.environ.get("SEGUE_BENCH_SEGUE") or os.path.join(ROOT, ".build/release/segue")
SEGUE_BENCH = os.path.join(ROOT, ".build/release/segue-bench")
FX = os.path.join(ROOT, ".build/fixtures")
WORK = tempfile.mkdtemp(prefix="segue-bench-")
ENV = dict(os.environ, XDG_RUNTIME_DIR=os.path.join(WORK, "run"), HOME=os.path.join(WORK, "home"))
os.makedirs(ENV["XDG_RUNTIME_DIR"], mode=0o700)
os.makedirs(ENV["HOME"])
rows = []
LIBRARY_COUNT = 10000  # make bench; make bench-large runs the library section alone at 100,000


def row(what, segue, other, name, unit, lower_is_better=True):
    ratio = (segue / other) if other else float("nan")
    rows.append((what, segue, other, name, unit, ratio, lower_is_better))


def run(cmd, timeout=120, **kw):
    return subprocess.run(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout, **kw)


def measured(cmd, env=None):
    """A command run to completion under /usr/bin/time: CPU seconds (user+sys), peak RSS (MB), wall
    seconds and context switches (voluntary + involuntary, every thread of the process: the kernel
    adds a thread's counts to its process when the thread ends), as a dict."""
    out = os.path.join(WORK, "time.txt")
    r = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M %w %c", "-o", out] + cmd, env=env or ENV,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=300)
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed: {r.stderr.decode()[-400:]}")
    wall, user, sys_, rss, voluntary, involuntary = open(out).read().split()[-6:]
    return {"cpu": float(user) + float(sys_), "rss": int(rss) / 1024, "wall": float(wall),
            "switches": int(voluntary) + int(involuntary)}


def played(cmd, seconds=30):
    """A player run to completion on a song of `seconds`: what `measured` gives (CPU and switches
    from wait4's rusage, so every thread counts), and "wakeups" / "voluntary": context switches of
    its threads per second over 20 s in the middle of the song (`wakeups_over`, as for mpd), so
    start-up and the last buffer's drain do not count. Peak RSS is the player's VmHWM, read every
    50 ms until it ends (it only grows): wait4's ru_maxrss is not the player's, since the child
    Python starts it in shares this script's memory until exec, and the kernel keeps that peak."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        time.sleep(2)
        wakeups, voluntary = wakeups_over(proc.pid, min(20, seconds - 5))
        peak = 0.0
        while True:
            try:
                peak = max(peak, proc_hwm(proc.pid))
            except OSError:
                pass
            done, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if done:
                break
            if time.perf_counter() - t0 > seconds + 30:
                sys.exit(f"bench: {' '.join(cmd)} was still running {seconds + 30} s after it started")
            time.sleep(0.05)
    except BaseException:
        proc.kill()
        proc.wait()
        raise
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed: {proc.stderr.read().decode()[-400:]}")
    if wall < seconds - 3:
        # A player that took the song in less than its length did not play it: its figures would
        # look like a win (PulseAudio's null sink once took a whole M4A in half a second).
        sys.exit(f"bench: {' '.join(cmd)} ended after {wall:.1f} s, before its {seconds}-s song had played")
    return {"cpu": usage.ru_utime + usage.ru_stime, "rss": peak, "wall": wall,
            "switches": usage.ru_nvcsw + usage.ru_nivcsw, "wakeups": wakeups, "voluntary": voluntary}


def timed(cmd):
    """CPU seconds (user+sys), peak RSS (MB) and wall seconds of a command run to completion."""
    m = measured(cmd)
    return m["cpu"], m["rss"], m["wall"]


def proc_cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def proc_hwm(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def wait_until(check, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False


def make_long_fixtures():
    """Ten minutes of audio, so decode speed is not hidden by process start-up. Made once into
    .build/bench-long (the encoders take minutes on a busy machine) and reused."""
    folder = os.path.join(ROOT, ".build", "bench-long")
    mp3, m4a = os.path.join(folder, "long.mp3"), os.path.join(folder, "long.m4a")
    if os.path.exists(mp3) and os.path.exists(m4a):
        return mp3, m4a
    os.makedirs(folder, exist_ok=True)
    wav, mp3_part, m4a_part = (os.path.join(WORK, n) for n in ("long.wav", "long.mp3", "long.m4a"))
    run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "600", "sine", "440", "sine", "660", "vol", "0.5"], check=True)
    run(["lame", "--quiet", "-b", "192", wav, mp3_part], timeout=900, check=True)
    run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", wav, "-c:a", "aac", "-b:a", "256k", "-movflags", "+faststart", m4a_part],
        timeout=900, check=True)
    os.remove(wav)
    shutil.move(mp3_part, mp3)
    shutil.move(m4a_part, m4a)
    return mp3, m4a


def start_pulse():
    run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "-n",
         "--load=module-null-sink sink_name=out rate=44100", "--load=module-native-protocol-unix"], check=True)
    if not wait_until(lambda: run(["pactl", "info"]).returncode == 0, 10):
        sys.exit("bench: PulseAudio did not start")


def cmus_play(path, seconds):
    sock = os.path.join(WORK, "cmus.sock")
    tmux = ["tmux", "-L", f"segue-bench-{os.getpid()}"]
    conf = os.path.join(ENV["HOME"], ".config", "cmus")
    os.makedirs(conf, exist_ok=True)
    # No D-Bus here: without mpris=false cmus stops at a "Press <enter>" prompt.
    open(os.path.join(conf, "rc"), "w").write("set mpris=false\nset output_plugin=pulse\n")
    run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", f"cmus --listen {sock}"], check=True)
    try:
        if not wait_until(lambda: os.path.exists(sock), 10):
            return None
        run(tmux + ["send-keys", "Enter"])
        remote = ["cmus-remote", "--server", sock]
        run(remote + ["-C", "set output_plugin=pulse"], timeout=10)
        pid = int(subprocess.run(["pgrep", "-n", "-x", "cmus"], capture_output=True, text=True).stdout.split()[0])
        before = proc_cpu(pid)
        run(remote + ["-f", path])
        time.sleep(1)
        wait_until(lambda: "status stopped" in subprocess.run(remote + ["-Q"], env=ENV, capture_output=True, text=True, timeout=10).stdout, seconds + 10)
        return proc_cpu(pid) - before, proc_hwm(pid)
    finally:
        run(tmux + ["kill-server"])


def write_mpd_conf(d, output="null", pid_file=False):
    """A private mpd's configuration in folder `d` (music in d/music, its socket d/socket) with one
    audio output of type `output`; returns (conf path, socket path)."""
    os.makedirs(os.path.join(d, "music"), exist_ok=True)
    sock = os.path.join(d, "socket")
    conf = os.path.join(d, "mpd.conf")
    pid = f'pid_file "{d}/pid"\n' if pid_file else ""
    open(conf, "w").write(f'''music_directory "{d}/music"
db_file "{d}/db"
state_file "{d}/state"
{pid}log_file "{d}/log"
bind_to_address "{sock}"
audio_output {{
  type "{output}"
  name "{'bench' if output == 'pulse' else output}"
}}
''')
    return conf, sock


def mpd_play(path, seconds):
    d = os.path.join(WORK, "mpd")
    conf, sock = write_mpd_conf(d, "pulse", pid_file=True)
    shutil.copy(path, os.path.join(d, "music", "a.m4a"))
    run(["mpd", conf], check=True)
    try:
        wait_until(lambda: os.path.exists(os.path.join(d, "pid")), 10)
        pid = int(open(os.path.join(d, "pid")).read())
        mpc = ["mpc", "-q", "--host", sock]
        run(mpc + ["update", "--wait"])
        run(mpc + ["add", "a.m4a"])
        before = proc_cpu(pid)
        run(mpc + ["play"])
        # Wake-ups: context switches of mpd's threads over 20 s in the middle of the song, with no
        # client asking anything (polling `mpc status` would wake it), per second.
        time.sleep(2)
        wakeups, voluntary = wakeups_over(pid, min(20, seconds - 5))
        wait_until(lambda: "[playing]" not in subprocess.run(mpc[:1] + mpc[2:] + ["status"], env=ENV, capture_output=True, text=True).stdout, seconds + 10)
        return proc_cpu(pid) - before, proc_hwm(pid), wakeups, voluntary
    finally:
        run(["mpd", "--kill", conf])


def unix_request(path, line, timeout=5):
    import socket
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path)
    return s


def task_switches(pid):
    """{thread id: (voluntary, involuntary) context switches} of a process's threads now."""
    counts = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return counts
    for tid in tids:
        try:
            fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/task/{tid}/status") if ":" in line)
            counts[tid] = (int(fields["voluntary_ctxt_switches"]), int(fields["nonvoluntary_ctxt_switches"]))
        except (OSError, KeyError, ValueError):
            pass
    return counts


def wakeups_over(pid, seconds):
    """Context switches per second of every thread of a process over `seconds`: (voluntary +
    involuntary, voluntary alone). /proc counts per thread and a thread's counts vanish when it
    ends, so the threads are read every 50 ms and each one contributes what it did while seen
    (a thread that starts and ends between two reads is missed). Reading /proc does not wake the
    process. Involuntary switches are preemptions: they grow with the machine's load, voluntary
    ones (the thread blocked, then something woke it) do not."""
    first, last = task_switches(pid), {}
    last.update(first)
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        time.sleep(0.05)
        last.update(task_switches(pid))
    elapsed = time.perf_counter() - t0
    voluntary = sum(v[0] - first.get(tid, (0, 0))[0] for tid, v in last.items())
    involuntary = sum(v[1] - first.get(tid, (0, 0))[1] for tid, v in last.items())
    return (voluntary + involuntary) / elapsed, voluntary / elapsed


def daemon_figures(segue):
    """segue daemon --foreground: start to first answer (median of 10), round trip, idle and paused cost."""
    import socket, statistics
    starts = []
    home = tempfile.mkdtemp(prefix="segue-home-", dir=WORK)
    env = dict(ENV, SEGUE_HOME=home, SEGUE_OUTPUT="null", SEGUE_CATALOG_URL="http://127.0.0.1:9")
    sock = os.path.join(home, "run", "socket")
    for _ in range(10):
        t0 = time.perf_counter()
        proc = subprocess.Popen([segue, "daemon", "--foreground"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while True:
            try:
                s = unix_request(sock, None)
                s.sendall(b'{"id":1,"command":"status"}\n')
                s.recv(65536)
                break
            except OSError:
                time.sleep(0.001)
        starts.append((time.perf_counter() - t0) * 1000)
        s.close()
        proc.terminate()
        proc.wait()
    proc = subprocess.Popen([segue, "daemon", "--foreground"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    s = unix_request(sock, None)
    f = s.makefile("rb")
    def ask(command):
        s.sendall(('{"id":1,"command":"%s"}\n' % command).encode())
        return f.readline()
    t0 = time.perf_counter()
    for _ in range(200):
        ask("status")
    rtt = (time.perf_counter() - t0) * 1000 / 200
    def cost():
        c0, t0 = proc_cpu(proc.pid), time.perf_counter()
        wakeups, _ = wakeups_over(proc.pid, 5)
        return (proc_cpu(proc.pid) - c0) * 1000 / (time.perf_counter() - t0), wakeups
    idle = cost()
    ask("add " + os.path.join(FX, "tone30.mp3"))
    time.sleep(1)
    ask("pause")
    time.sleep(0.5)
    paused = cost()
    s.close()
    proc.terminate()
    proc.wait()
    return {"start": statistics.median(starts), "rtt": rtt, "idle": idle, "paused": paused}


def mpd_start_ms():
    """mpd: start to its socket greeting (median of 5)."""
    import statistics
    d = os.path.join(WORK, "mpd-start")
    conf, sock = write_mpd_conf(d)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        proc = subprocess.Popen(["mpd", "--no-daemon", conf], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while True:
            try:
                s = unix_request(sock, None)
                if s.recv(64).startswith(b"OK MPD"):
                    break
            except OSError:
                time.sleep(0.001)
        times.append((time.perf_counter() - t0) * 1000)
        s.close()
        proc.terminate()
        proc.wait()
    return statistics.median(times)


class Tmux:
    """A private tmux server (`tmux -L NAME`, no config) running one program at a fixed size, driven
    through a control-mode client: send-keys and capture-pane go down one pipe, so polling the
    screen costs no process start."""

    def __init__(self, name, command, columns, rows, env):
        self.base = ["tmux", "-L", name, "-f", "/dev/null"]
        self.env = dict(env, LANG="C.UTF-8", LC_ALL="C.UTF-8")
        subprocess.run(self.base + ["new-session", "-d", "-s", "main", "-x", str(columns), "-y", str(rows), command],
                       env=self.env, check=True)
        subprocess.run(self.base + ["set-option", "-g", "window-size", "manual"], env=self.env, check=True)
        self.socket = subprocess.run(self.base + ["display-message", "-p", "#{socket_path}"], env=self.env,
                                     capture_output=True, text=True).stdout.strip()
        self.client = subprocess.Popen(self.base + ["-C", "attach-session", "-t", "main", "-f", "no-output,ignore-size"],
                                       env=self.env, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.read_block()  # attach-session's own answer

    def command(self, line):
        """Runs one tmux command; returns its output lines."""
        self.client.stdin.write(line.encode() + b"\n")
        self.client.stdin.flush()
        return self.read_block()

    def read_block(self):
        out, inside = [], False
        while True:
            raw = self.client.stdout.readline()
            if not raw:
                raise RuntimeError("the tmux control client ended")
            text = raw.decode("utf-8", "replace").rstrip("\n")
            if not inside:
                inside = text.startswith("%begin")
            elif text.startswith("%end") or text.startswith("%error"):
                return out
            else:
                out.append(text)

    def capture(self):
        return self.command("capture-pane -p -t main")

    def wait_for(self, check, timeout=30):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if check(self.capture()):
                return
            time.sleep(0.01)
        sys.exit("bench: the screen never showed what was expected:\n" + "\n".join(self.capture()))

    def keystroke(self, key, check, timeout=10):
        """Milliseconds from send-keys until the screen passes `check`, polled back to back."""
        t0 = time.perf_counter()
        self.command(f"send-keys -t main {key}")
        while True:
            screen = self.capture()
            if check(screen):
                return (time.perf_counter() - t0) * 1000
            if time.perf_counter() - t0 > timeout:
                sys.exit(f"bench: {key} never showed on the screen:\n" + "\n".join(screen))

    def close(self):
        try:
            self.client.stdin.close()
        except OSError:
            pass
        subprocess.run(self.base + ["kill-server"], env=self.env, stderr=subprocess.DEVNULL)
        self.client.wait()
        if self.socket and os.path.exists(self.socket):
            os.remove(self.socket)


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def ui_keys(count=10000, half=17):
    """50 keys and the cursor's row (from 1) after each: a 120x40 screen lists 35 rows, Ctrl-d moves 17."""
    keys, pos = [], 1
    def go(key, new):
        nonlocal pos
        pos = max(1, min(count, new))
        keys.append((key, pos))
    for _ in range(30):
        go("j", pos + 1)
    go("G", count)
    go("g", 1)
    for _ in range(8):
        go("C-d", pos + half)
    go("G", count)
    for _ in range(8):
        go("k", pos - 1)
    go("g", 1)
    return keys


def ui_figures(segue):
    """The terminal UI on a daemon holding 10,000 queue entries (paused, so only keys redraw), in a
    private tmux at 120x40 on the Queue view: send-keys to capture-pane showing the cursor's new row
    number, 50 keys (j, G, g, Ctrl-d, k). The same keys to less on a 10,000-line file through the
    same path are the baseline: what tmux and the polling cost by themselves."""
    import shlex, statistics
    home = tempfile.mkdtemp(prefix="ui-home-", dir=WORK)
    env = dict(ENV, SEGUE_HOME=home, SEGUE_CATALOG_URL="http://127.0.0.1:9")
    sock = os.path.join(home, "run", "socket")
    daemon = subprocess.Popen([segue, "daemon", "--foreground", "--output", "null", "--catalog", "demo"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    name = f"segue-bench-ui-{os.getpid()}"
    screens = []
    try:
        for _ in range(500):
            try:
                s = unix_request(sock, None)
                break
            except OSError:
                time.sleep(0.01)
        f = s.makefile("rb")
        def ask(command):
            s.sendall((json.dumps({"id": 1, "command": command}) + "\n").encode())
            return f.readline()
        # Four adds of 2,500 paths (a request line may hold 1 MB), then pause.
        path = os.path.join(FX, "tone.mp3")
        for _ in range(4):
            ask("add " + " ".join([shlex.quote(path)] * 2500))
        ask("pause")
        s.close()
        ui = Tmux(name, f"exec env SEGUE_HOME={shlex.quote(home)} TERM=xterm-256color {shlex.quote(segue)}", 120, 40, env)
        screens.append(ui)
        ui.wait_for(lambda screen: "Queue  (1/10000)" in screen[1])
        times = []
        for key, pos in ui_keys():
            want = f"({pos}/10000)"
            times.append(ui.keystroke(key, lambda screen: want in screen[1]))
            time.sleep(0.01)
        # The UI's own cost while the music is paused: it should sleep in poll (no wake-ups).
        pid = int(ui.command("list-panes -t main -F '#{pane_pid}'")[0])
        time.sleep(1)
        c0, t0 = proc_cpu(pid), time.perf_counter()
        idle_wakeups, _ = wakeups_over(pid, 5)  # every thread of the UI's process
        idle_cpu = (proc_cpu(pid) - c0) * 1000 / (time.perf_counter() - t0)
        ui_rss = proc_hwm(pid)
        # One edit of the 10,000-entry queue by another client, to the UI's screen showing it (a UI
        # that refetches the whole queue on every change takes a third of a second here).
        s = unix_request(sock, None)
        f = s.makefile("rb")
        t0 = time.perf_counter()
        ask("remove 2")
        ui.wait_for(lambda screen: "/9999)" in screen[1])
        edit_ms = (time.perf_counter() - t0) * 1000
        s.close()
        text = os.path.join(WORK, "lines.txt")
        with open(text, "w") as out:
            out.write("".join(f"line {i:05d}\n" for i in range(1, 10001)))
        less = Tmux(name + "-less", f"exec env LESSHISTFILE=- LESS= TERM=xterm-256color less -S {shlex.quote(text)}", 120, 40, ENV)
        screens.append(less)
        less.wait_for(lambda screen: screen[0] == "line 00001")
        # Each key moves less's view too: wait for its top row to change.
        less_times, top = [], "line 00001"
        for key, _ in ui_keys():
            less_times.append(less.keystroke(key, lambda screen: screen[0] != top and screen[0].startswith("line ")))
            top = less.capture()[0]
            time.sleep(0.01)
        t0 = time.perf_counter()
        for _ in range(200):
            less.capture()
        poll = (time.perf_counter() - t0) * 1000 / 200
        return {"median": statistics.median(times), "p95": percentile(times, 95), "less_median": statistics.median(less_times),
                "less_p95": percentile(less_times, 95), "poll": poll, "keys": len(times),
                "idle_cpu": idle_cpu, "idle_wakeups": idle_wakeups, "rss": ui_rss,
                "edit_ms": edit_ms}
    finally:
        for screen in screens:
            screen.close()
        daemon.terminate()
        daemon.wait()


def workout_figures(segue_bench, fig):
    """Issue 12's simulated 45-minute workout at 170 spm over a generated 10,000-track pool
    (segue-bench workout): share of time on cadence, songs repeated, artists twice in a row,
    the longest gap between tracks as scheduled, and the CPU time of the whole simulation.
    Targets: >= 95 % on cadence, no repeats, no gap. A build without the figure adds nothing."""
    out = subprocess.run([segue_bench, "workout"], env=ENV, capture_output=True, text=True, timeout=300)
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            name, value, unit = parts
            fig["workout: " + name] = (float(value), unit, not name.endswith("-on-cadence"))


def playback_figures(segue, fig):
    """`segue play` of the 30-s MP3 and M4A into the PulseAudio null sink (the native PulseAudio
    output, `--output pulse`): CPU, peak RSS and wake-ups per second (`played`); the same through
    ALSA's pulse plugin (`--output alsa:pulse`, the path before issue 15's pulse part) for
    comparison. Then the same M4A with `--output null` (paced like a device, no sound server): its
    wake-ups are the pipeline's alone."""
    mp3, m4a = os.path.join(FX, "tone30.mp3"), os.path.join(FX, "preview.m4a")
    start_pulse()
    try:
        for output, suffix in (("pulse", ""), ("alsa:pulse", ", alsa:pulse")):
            for name, path in (("MP3", mp3), ("M4A", m4a)):
                m = played([segue, "play", "--output", output, path])
                fig[f"play 30 s {name}{suffix}: CPU"] = (m["cpu"], "s", True)
                fig[f"play 30 s {name}{suffix}: peak RSS"] = (m["rss"], "MB", True)
                fig[f"play 30 s {name}{suffix}: wake-ups per second"] = (m["wakeups"], "/s", True)
                fig[f"play 30 s {name}{suffix}: voluntary wake-ups per second"] = (m["voluntary"], "/s", True)
    finally:
        run(["pulseaudio", "-k"])
    m = played([segue, "play", "--output", "null", m4a])
    fig["play 30 s M4A, null output: CPU"] = (m["cpu"], "s", True)
    fig["play 30 s M4A, null output: wake-ups per second"] = (m["wakeups"], "/s", True)
    fig["play 30 s M4A, null output: voluntary wake-ups per second"] = (m["voluntary"], "/s", True)


def decode_figures(segue, fig):
    """Ten minutes of MP3 and M4A decoded as fast as it goes (`--output wav:/dev/null`): audio
    seconds per CPU second, the best of three (one run's CPU time varies by about 15 % here)."""
    cpu = min(timed([segue, "play", "--output", "wav:/dev/null", LONG[0]])[0] for _ in range(3))
    fig["decode MP3: audio s per CPU s"] = (600 / cpu, "x", False)
    cpu = min(timed([segue, "play", "--output", "wav:/dev/null", LONG[1]])[0] for _ in range(3))
    fig["decode M4A: audio s per CPU s"] = (600 / cpu, "x", False)
    # The 30-s M4A the play rows use, decoded with no device (start-up included, best of three):
    # beside `faad` on the same file (peer_figures), it is what FAAD2 costs of the M4A play row.
    cpu = min(timed([segue, "play", "--output", "wav:/dev/null", os.path.join(FX, "preview.m4a")])[0] for _ in range(3))
    fig["decode 30 s M4A: CPU"] = (cpu, "s", True)


def hyperfine_median(cmd, env=None):
    """Median milliseconds of a whole process (hyperfine -N: no shell), 5 warm-ups and 50 runs."""
    out = os.path.join(WORK, "hf.json")
    subprocess.run(["hyperfine", "-N", "--warmup", "5", "--runs", "50", "--export-json", out, cmd], env=env or ENV,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True, timeout=300)
    return json.load(open(out))["results"][0]["median"] * 1000


def lowest_rss(cmd, env=None, runs=3):
    """Peak RSS (MB) of a short command: the lowest of a few runs."""
    return min(measured(cmd, env)["rss"] for _ in range(runs))


def loopback_server():
    """The fixtures served over HTTP on loopback: (server process, port)."""
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", FX],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for _ in range(50):
        line = server.stdout.readline()
        if "port" in line:
            return server, line.split("port")[1].split()[0]
    server.terminate()
    sys.exit("bench: the loopback HTTP server did not start")


def http_worker_figures(segue, url, fig, env):
    """The fetch part's row (issue 15): the peak RSS of one `segue http-worker` downloading `url`,
    started as the daemon starts it (the same executable, one request frame on its standard input,
    a socket, and the frames read back to the end; the format is docs/ARCHITECTURE.md's,
    "Transfers in a worker process"). /usr/bin/time's %M is the worker's own peak: time forks
    itself, not this script, before it execs segue."""
    import socket, struct

    def field(b):
        return struct.pack("<I", len(b)) + b
    payload = (field(url.encode()) + field(b"Segue/0.1") + field(b"") + b"\0" + field(b"") + b"\0" + b"\0"
               + struct.pack("<ddd", 5.0, 10.0, -1.0) + struct.pack("<I", 0))
    ours, theirs = socket.socketpair()
    out = os.path.join(WORK, "worker-time.txt")
    proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", out, segue, "http-worker"], env=env, stdin=theirs,
                            stdout=theirs, stderr=subprocess.DEVNULL)
    theirs.close()
    ours.sendall(b"R" + struct.pack("<I", len(payload)) + payload)
    received, body, ended = b"", 0, False
    ours.settimeout(30)
    while True:
        chunk = ours.recv(1 << 16)
        if not chunk:
            break
        received += chunk
        while len(received) >= 5:
            tag, length = received[0], struct.unpack("<I", received[1:5])[0]
            if len(received) < 5 + length:
                break
            body += length if tag == ord("B") else 0
            ended = ended or tag == ord("E")
            received = received[5 + length:]
    ours.close()
    proc.wait(timeout=30)
    if not ended or body == 0:
        sys.exit(f"bench: segue http-worker did not download {url} ({body} bytes, ended: {ended})")
    fig["http worker downloading a preview: peak RSS"] = (int(open(out).read().split()[-1]) / 1024, "MB", True)


def daemon_connection(sock, proc):
    """A connection to a starting daemon's socket (10 s at most) and an `ask` that sends one
    command and returns its reply as a dict."""
    deadline = time.time() + 10
    while True:
        try:
            s = unix_request(sock, None)
            break
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                sys.exit("bench: the daemon did not answer on its socket")
            time.sleep(0.01)
    f = s.makefile("rb")

    def ask(command):
        s.sendall((json.dumps({"id": 1, "command": command}) + "\n").encode())
        while True:
            line = f.readline()
            if not line:
                sys.exit(f"bench: the daemon closed the connection after {command!r}")
            reply = json.loads(line)
            if "event" not in reply:
                return reply
    return s, ask


def lean_daemon_figures(segue, fig):
    """Issue 15's daemon and start-up figures: the daemon playing a preview served on loopback
    into the PulseAudio null sink (peak RSS after 15 s of it, wake-ups per second over 10 s of it);
    `segue ctl status` against that daemon as a whole process (median time, peak RSS);
    `segue --version` (median)."""
    home = tempfile.mkdtemp(prefix="segue-lean-", dir=WORK)
    env = dict(ENV, SEGUE_HOME=home, SEGUE_OUTPUT="pulse", SEGUE_CATALOG_URL="http://127.0.0.1:9", no_proxy="127.0.0.1")
    server, port = loopback_server()
    start_pulse()
    proc = subprocess.Popen([segue, "daemon", "--foreground"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        s, ask = daemon_connection(os.path.join(home, "run", "socket"), proc)
        state = lambda: ask("status").get("result", {}).get("status", {}).get("status")
        ask(f"add http://127.0.0.1:{port}/preview.m4a")
        http_worker_figures(segue, f"http://127.0.0.1:{port}/preview.m4a", fig, env)
        if not wait_until(lambda: state() == "playing", 10):
            sys.exit("bench: the daemon did not start playing the preview")
        time.sleep(5)
        c0, t0 = proc_cpu(proc.pid), time.perf_counter()
        wakeups, voluntary = wakeups_over(proc.pid, 10)
        seconds = time.perf_counter() - t0
        fig["daemon playing a preview: wake-ups per second"] = (wakeups, "/s", True)
        fig["daemon playing a preview: voluntary wake-ups per second"] = (voluntary, "/s", True)
        fig["daemon playing a preview: CPU per second"] = ((proc_cpu(proc.pid) - c0) * 1000 / seconds, "ms", True)
        fig["daemon playing a preview: peak RSS"] = (proc_hwm(proc.pid), "MB", True)
        if state() != "playing":
            sys.exit("bench: the daemon stopped playing the preview before its figures were taken")
        ask("pause")
        fig["segue ctl status: median"] = (hyperfine_median(f"{segue} ctl status", env), "ms", True)
        fig["segue ctl status: peak RSS"] = (lowest_rss([segue, "ctl", "status"], env), "MB", True)
        # The daemon playing the same 30-s M4A as a file, its CPU from `play` to the end: taken as
        # mpd's figure is (`mpd_play`), so neither counts its start-up. `segue play`'s row counts
        # the whole process.
        ask("clear")
        ask("add " + os.path.join(FX, "preview.m4a"))
        c0 = proc_cpu(proc.pid)
        ask("play")
        if not wait_until(lambda: state() == "playing", 10):
            sys.exit("bench: the daemon did not start playing the M4A file")
        # Asked again only near the end: each status answer is CPU of the daemon's.
        time.sleep(28)
        if not wait_until(lambda: state() != "playing", 45):
            sys.exit("bench: the daemon was still playing the 30-s M4A file after 45 s")
        fig["daemon playing 30 s M4A: CPU"] = (proc_cpu(proc.pid) - c0, "s", True)
        s.close()
    finally:
        proc.terminate()
        proc.wait()
        server.terminate()
        run(["pulseaudio", "-k"])
    fig["start-up (--version)"] = (hyperfine_median(f"{segue} --version"), "ms", True)
    fig["segue --version: peak RSS"] = (lowest_rss([segue, "--version"]), "MB", True)


def wire_figures(segue_bench, fig):
    """`segue-bench wire` (issue 15's replies part): its "name value [unit]" lines, the name without
    its "wire-" prefix (a size with no unit is bytes, or MB when its name ends in -mb). A build
    without the subcommand adds nothing."""
    out = subprocess.run([segue_bench, "wire"], env=ENV, capture_output=True, text=True, timeout=600)
    if out.returncode != 0:
        return
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) not in (2, 3):
            continue
        name = parts[0].removeprefix("wire-")
        unit = parts[2] if len(parts) == 3 else ("MB" if name.endswith("-mb") else "B")
        try:
            fig["wire: " + name] = (float(parts[1]), unit, True)
        except ValueError:
            pass


def artwork_figures(segue_bench, fig):
    """`segue-bench artwork` (issue 16's render part, docs/artwork.md): a 600×600 JPEG into 40×20
    cells (CPU ms), the terminal bytes per mode, kitty/sixel payload sizes and the RSS each cover
    library adds. A build without the subcommand adds nothing."""
    out = subprocess.run([segue_bench, "artwork"], env=ENV, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        return
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3:
            try:
                fig["artwork: " + parts[0].removeprefix("artwork-")] = (float(parts[1]), parts[2], True)
            except ValueError:
                pass


def segue_side(segue, segue_bench):
    """Every figure of one Segue build, by name: (value, unit, lower is better)."""
    fig = {}
    playback_figures(segue, fig)
    decode_figures(segue, fig)

    # Engine latencies and idle cost, measured in-process (segue-bench), a preview served on loopback.
    server, port = loopback_server()
    try:
        out = subprocess.run([segue_bench, os.path.join(FX, "tone-fs.m4a"), os.path.join(FX, "tone.mp3"),
                              f"http://127.0.0.1:{port}/preview.m4a"], env=dict(ENV, no_proxy="127.0.0.1"),
                             capture_output=True, text=True, timeout=120)
        for line in out.stdout.splitlines():
            name, value, unit = line.split()
            fig["engine: " + name] = (float(value), unit, True)
    finally:
        server.terminate()

    daemon = daemon_figures(segue)
    fig["daemon: start to socket answering"] = (daemon["start"], "ms", True)
    fig["daemon: status round trip"] = (daemon["rtt"], "ms", True)
    for name in ("idle", "paused"):
        fig[f"daemon {name}: CPU per second"] = (daemon[name][0], "ms", True)
        fig[f"daemon {name}: wake-ups per second"] = (daemon[name][1], "/s", True)

    ui = ui_figures(segue)
    for key, name, unit in (("median", "UI key to screen, 10k rows: median", "ms"), ("p95", "UI key to screen, 10k rows: p95", "ms"),
                            ("idle_cpu", "UI paused: CPU per second", "ms"), ("idle_wakeups", "UI paused: wake-ups per second", "/s"),
                            ("rss", "UI peak RSS (10,000 rows)", "MB"),
                            ("edit_ms", "UI: another client's edit to screen (10k rows)", "ms")):
        fig[name] = (ui[key], unit, True)
    fig["_ui"] = ui
    out = subprocess.run([segue_bench, "ui"], env=ENV, capture_output=True, text=True, timeout=120)
    for line in out.stdout.splitlines():
        if len(line.split()) == 3:
            name, value, unit = line.split()
            fig["UI in-process: " + name] = (float(value), unit, True)
    workout_figures(segue_bench, fig)
    fig.update(library_bench.segue_library(segue, segue_bench, library_bench.make_tree(LIBRARY_COUNT), LIBRARY_COUNT, ENV, WORK))
    lean_daemon_figures(segue, fig)
    wire_figures(segue_bench, fig)
    artwork_figures(segue_bench, fig)
    return fig


LONG = ()


def tempo_figures(segue):
    """Tempo accuracy and CPU on the generated suite (.build/fixtures/tempo, scripts/make-fixtures.sh),
    `segue tempo` side by side with `aubio tempo` (aubio-tools; a test oracle only). A1: within 4 %;
    A2: within 4 % of the truth or of 2x, 3x, 1/2, 1/3 of it. CPU: user+sys of one process per
    30-s clip, decoding included. Returns the table's lines."""
    folder = os.path.join(FX, "tempo")
    clips = []
    for line in open(os.path.join(folder, "manifest.tsv")):
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= 2:
            clips.append((os.path.join(folder, fields[0]), float(fields[1])))

    def a1(estimate, truth):
        return estimate is not None and abs(estimate - truth) <= 0.04 * truth

    def a2(estimate, truth):
        return any(a1(estimate, truth * k) for k in (1, 2, 3, 0.5, 1 / 3))

    def segue_bpm(path, cadence):
        out = os.path.join(WORK, "tempo.json")
        cmd = [segue, "tempo", "--json"] + (["--cadence", str(cadence)] if cadence else []) + [path]
        cpu, _, _ = timed(["sh", "-c", " ".join(f"'{c}'" for c in cmd) + f" > '{out}'"])
        return json.loads(open(out).read()).get("bpm"), cpu

    def aubio_bpm(path):
        out = os.path.join(WORK, "aubio.txt")
        cpu, _, _ = timed(["sh", "-c", f"aubio tempo '{path}' > '{out}'"])
        words = open(out).read().split()
        try:
            return float(words[0]), cpu
        except (IndexError, ValueError):
            return None, cpu

    runs = [
        ("segue tempo --cadence 170", lambda path, truth: segue_bpm(path, 170)),
        ("segue tempo (default prior, 120)", lambda path, truth: segue_bpm(path, None)),
        ("segue tempo --cadence near truth", lambda path, truth: segue_bpm(path, int(round(truth / 10) * 10))),
    ]
    if shutil.which("aubio"):
        runs.append(("aubio tempo", lambda path, truth: aubio_bpm(path)))
    lines = [f"\ntempo: {len(clips)} generated 30-s clips, 90-177.5 BPM, 4 styles, MP3 + M4A (scripts/make-fixtures.sh)",
             f"{'estimator':36} {'A1 (4 %)':>9} {'A2 (oct.)':>9} {'CPU ms/clip':>12}"]
    for name, estimate in runs:
        hits1 = hits2 = 0
        cpu = 0.0
        for path, truth in clips:
            bpm, seconds = estimate(path, truth)
            hits1 += a1(bpm, truth)
            hits2 += a2(bpm, truth)
            cpu += seconds
        n = len(clips)
        lines.append(f"{name:36} {hits1:>5}/{n:<3} {hits2:>5}/{n:<3} {1000 * cpu / n:12.0f}")
    lines.append("target: >= 34/36 within 4 % at <= 150 ms CPU per preview, decoding included")
    return lines


def print_rows():
    print(f"\n{'measure':34} {'segue':>9} {'other':>9}  {'vs':10} {'ratio':>6}")
    for what, s, o, name, unit, ratio, lower in rows:
        verdict = "better" if (ratio <= 1) == lower else "worse"
        print(f"{what:34} {s:9.3f} {o:9.3f}  {name:10} {ratio:6.2f}  ({unit}; {verdict})")


def print_figures(fig, before):
    label = os.environ.get("SEGUE_BASELINE_LABEL", "before")
    print(f"\n{'every Segue figure':58} {'now':>10} " + (f"{label:>10} {'ratio':>6}" if before else ""))
    for name, figure in fig.items():
        if name.startswith("_"):
            continue
        value, unit, lower = figure
        line = f"{name:58} {value:10.3f} "
        if before and name in before:
            old = before[name][0]
            ratio = value / old if old else float("nan")
            verdict = "same" if 0.9 <= ratio <= 1.1 else ("better" if (ratio < 1) == lower else "worse")
            line += f"{old:10.3f} {ratio:6.2f}  ({unit}; {verdict})"
        else:
            line += f"({unit})"
        print(line)
    if before:
        print("(ratios within 0.9-1.1 are called the same: run-to-run noise on this machine is about that wide)")


def mpc_status_figures():
    """`mpc status` as a whole process against an idle mpd (null output): median ms, peak RSS."""
    d = os.path.join(WORK, "mpd-status")
    conf, sock = write_mpd_conf(d)
    proc = subprocess.Popen(["mpd", "--no-daemon", conf], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        if not wait_until(lambda: os.path.exists(sock), 10):
            sys.exit("bench: mpd did not open its socket")
        return {"median": hyperfine_median(f"mpc --host {sock} status"), "rss": lowest_rss(["mpc", "--host", sock, "status"])}
    finally:
        proc.terminate()
        proc.wait()


def peer_figures(with_cmus=False):
    """The other players' side of issue 15's figures (and the playback rows of make bench): mpg123
    playing the MP3 and mpd the M4A into the null sink (`played` and `mpd_play`: CPU, peak RSS,
    wake-ups per second), cmus on the M4A when asked, `mpg123 -t` and `faad -o /dev/null` on the
    ten-minute files (best of three), `mpg123 --version` and `mpc status` as whole processes."""
    mp3, m4a = os.path.join(FX, "tone30.mp3"), os.path.join(FX, "preview.m4a")
    peers = {}
    start_pulse()
    try:
        peers["mpg123 MP3"] = played(["mpg123", "-q", "-o", "alsa", "-a", "pulse", mp3])
        if with_cmus:
            c = cmus_play(m4a, 30)
            if c:
                peers["cmus M4A"] = {"cpu": c[0], "rss": c[1]}
        cpu, rss, wakeups, voluntary = mpd_play(m4a, 30)
        peers["mpd M4A"] = {"cpu": cpu, "rss": rss, "wakeups": wakeups, "voluntary": voluntary}
    finally:
        run(["pulseaudio", "-k"])
    peers["mpg123 -t"] = 600 / min(timed(["mpg123", "-q", "-t", LONG[0]])[0] for _ in range(3))
    peers["faad"] = 600 / min(timed(["faad", "-q", "-o", "/dev/null", LONG[1]])[0] for _ in range(3))
    # FAAD2 alone on the 30-s M4A the play rows use: the floor of Segue's M4A row, set beside mpd's.
    peers["faad 30 s M4A"] = min(timed(["faad", "-q", "-o", "/dev/null", m4a])[0] for _ in range(3))
    peers["mpg123 --version"] = {"median": hyperfine_median("mpg123 --version"), "rss": lowest_rss(["mpg123", "--version"])}
    peers["mpc status"] = mpc_status_figures()
    return peers


def lean_rows(fig, peers):
    """Issue 15's figures side by side with the other players (rows of the table)."""
    def value(name):
        return fig[name][0] if name in fig else float("nan")
    mpg123, mpd = peers["mpg123 MP3"], peers["mpd M4A"]
    row("play 30 s MP3: CPU", value("play 30 s MP3: CPU"), mpg123["cpu"], "mpg123", "s")
    row("play 30 s MP3: peak RSS", value("play 30 s MP3: peak RSS"), mpg123["rss"], "mpg123", "MB")
    row("play 30 s MP3: wake-ups/s", value("play 30 s MP3: wake-ups per second"), mpg123["wakeups"], "mpg123", "/s")
    row("play 30 s MP3: voluntary wake-ups/s", value("play 30 s MP3: voluntary wake-ups per second"), mpg123["voluntary"], "mpg123", "/s")
    row("play 30 s M4A: CPU", value("play 30 s M4A: CPU"), mpd["cpu"], "mpd", "s")
    row("play 30 s M4A: peak RSS", value("play 30 s M4A: peak RSS"), mpd["rss"], "mpd", "MB")
    row("play 30 s M4A: wake-ups/s", value("play 30 s M4A: wake-ups per second"), mpd["wakeups"], "mpd", "/s")
    row("play 30 s M4A: voluntary wake-ups/s", value("play 30 s M4A: voluntary wake-ups per second"), mpd["voluntary"], "mpd", "/s")
    row("play 30 s MP3, alsa:pulse: CPU", value("play 30 s MP3, alsa:pulse: CPU"), mpg123["cpu"], "mpg123", "s")
    row("play 30 s MP3, alsa:pulse: wake-ups/s", value("play 30 s MP3, alsa:pulse: wake-ups per second"), mpg123["wakeups"], "mpg123", "/s")
    row("play 30 s M4A, alsa:pulse: CPU", value("play 30 s M4A, alsa:pulse: CPU"), mpd["cpu"], "mpd", "s")
    row("play 30 s M4A, alsa:pulse: wake-ups/s", value("play 30 s M4A, alsa:pulse: wake-ups per second"), mpd["wakeups"], "mpd", "/s")
    row("daemon playing 30 s M4A: CPU (as mpd's)", value("daemon playing 30 s M4A: CPU"), mpd["cpu"], "mpd", "s")
    row("daemon playing preview: peak RSS", value("daemon playing a preview: peak RSS"), mpd["rss"], "mpd", "MB")
    row("decode MP3: audio s per CPU s", value("decode MP3: audio s per CPU s"), peers["mpg123 -t"], "mpg123 -t", "x", lower_is_better=False)
    row("decode M4A: audio s per CPU s", value("decode M4A: audio s per CPU s"), peers["faad"], "faad", "x", lower_is_better=False)
    row("decode 30 s M4A, no device: CPU", value("decode 30 s M4A: CPU"), peers["faad 30 s M4A"], "faad", "s")
    row("FAAD2 alone (faad), 30 s M4A: CPU", peers["faad 30 s M4A"], mpd["cpu"], "mpd playing it", "s")
    row("start-up (--version), median", value("start-up (--version)"), peers["mpg123 --version"]["median"], "mpg123", "ms")
    row("--version: peak RSS", value("segue --version: peak RSS"), peers["mpg123 --version"]["rss"], "mpg123", "MB")
    row("ctl status process, median", value("segue ctl status: median"), peers["mpc status"]["median"], "mpc status", "ms")
    row("ctl status process: peak RSS", value("segue ctl status: peak RSS"), peers["mpc status"]["rss"], "mpc status", "MB")
    if QUEUE_PARSE in fig and QUEUE_PARSE_JSONDECODER in fig:
        row("queue reply, 10,000 entries: decode", value(QUEUE_PARSE), value(QUEUE_PARSE_JSONDECODER), "JSONDecoder", "ms")


# `segue-bench wire`'s queue reply: the client's reader, and Foundation's JSONDecoder over the same
# Codable types (what the client used before issue 15).
QUEUE_PARSE = "wire: queue-reply-10000-entries-parse-median"
QUEUE_PARSE_JSONDECODER = "wire: queue-reply-10000-entries-parse-jsondecoder-median"

# Issue 15's goals: (text, figure, test on the figure and the peers, the peer's figure or None).
LEAN_GOALS = [
    ("CPU per 30 s, MP3 <= mpg123", "play 30 s MP3: CPU", lambda v, p: v <= p["mpg123 MP3"]["cpu"], lambda p: p["mpg123 MP3"]["cpu"]),
    ("CPU per 30 s, M4A <= mpd", "play 30 s M4A: CPU", lambda v, p: v <= p["mpd M4A"]["cpu"], lambda p: p["mpd M4A"]["cpu"]),
    ("CPU per 30 s, M4A, daemon as mpd <= mpd", "daemon playing 30 s M4A: CPU", lambda v, p: v <= p["mpd M4A"]["cpu"],
     lambda p: p["mpd M4A"]["cpu"]),
    ("wake-ups/s playing MP3 <= 20", "play 30 s MP3: wake-ups per second", lambda v, p: v <= 20, lambda p: p["mpg123 MP3"]["wakeups"]),
    ("wake-ups/s playing M4A <= 20", "play 30 s M4A: wake-ups per second", lambda v, p: v <= 20, lambda p: p["mpd M4A"]["wakeups"]),
    ("wake-ups/s, daemon playing a preview <= 20", "daemon playing a preview: wake-ups per second", lambda v, p: v <= 20, None),
    ("wake-ups/s, daemon paused: 0", "daemon paused: wake-ups per second", lambda v, p: v == 0, None),
    ("wake-ups/s, UI paused: 0", "UI paused: wake-ups per second", lambda v, p: v == 0, None),
    ("M4A decode >= 0.9 x faad (audio s/CPU s)", "decode M4A: audio s per CPU s", lambda v, p: v >= 0.9 * p["faad"], lambda p: p["faad"]),
    ("peak RSS, segue play (MP3) <= 12 MB", "play 30 s MP3: peak RSS", lambda v, p: v <= 12, lambda p: p["mpg123 MP3"]["rss"]),
    ("peak RSS, daemon playing a preview <= 18 MB", "daemon playing a preview: peak RSS", lambda v, p: v <= 18, None),
    ("peak RSS, UI with 10,000 rows <= 20 MB", "UI peak RSS (10,000 rows)", lambda v, p: v <= 20, None),
    ("segue --version <= 3 ms (median)", "start-up (--version)", lambda v, p: v <= 3, lambda p: p["mpg123 --version"]["median"]),
    ("segue ctl status <= 5 ms (median)", "segue ctl status: median", lambda v, p: v <= 5, lambda p: p["mpc status"]["median"]),
    ("10,000-entry queue reply decoded <= 20 ms", QUEUE_PARSE, lambda v, p: v <= 20, None),
]


def lean_goals(fig, peers):
    """Issue 15's goals, each with this run's figure, the peer's where there is one, and met or MISSED."""
    lines = ["\nissue 15 goals (lean as mpg123):", f"  {'goal':44} {'segue':>9} {'peer':>9}"]
    for text, name, ok, peer in LEAN_GOALS:
        other = f"{peer(peers):9.2f}" if peer and peers else f"{'':9}"
        if name and name in fig:
            v, unit, _ = fig[name]
            met = "met" if ok(v, peers) else "MISSED"
            lines.append(f"  {text:44} {v:9.2f} {other} {unit:3} {met}")
        else:
            lines.append(f"  {text:44} {'not measured':>12}")
    return lines


def lean_main():
    """python3 scripts/bench.py lean: issue 15's figures alone (playback, decoding, the daemon
    playing and paused, start-up, `ctl status`, the UI's RSS, the queue reply), each beside its
    peer, and the goals with met or MISSED."""
    global LONG
    for tool in ["mpg123", "mpd", "mpc", "faad", "ffmpeg", "lame", "sox", "hyperfine", "pulseaudio", "tmux", "less"]:
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing; run make deps")
    LONG = make_long_fixtures()
    fig = {}
    playback_figures(SEGUE, fig)
    decode_figures(SEGUE, fig)
    daemon = daemon_figures(SEGUE)
    for name in ("idle", "paused"):
        fig[f"daemon {name}: CPU per second"] = (daemon[name][0], "ms", True)
        fig[f"daemon {name}: wake-ups per second"] = (daemon[name][1], "/s", True)
    ui = ui_figures(SEGUE)
    fig["UI paused: wake-ups per second"] = (ui["idle_wakeups"], "/s", True)
    fig["UI peak RSS (10,000 rows)"] = (ui["rss"], "MB", True)
    lean_daemon_figures(SEGUE, fig)
    if os.path.exists(SEGUE_BENCH):
        wire_figures(SEGUE_BENCH, fig)
    peers = peer_figures()
    lean_rows(fig, peers)
    print_rows()
    print("\n".join(lean_goals(fig, peers)))
    print_figures(fig, None)
    shutil.rmtree(WORK, ignore_errors=True)


def mpd_main():
    """python3 scripts/bench.py mpd: the MPD section alone (issue 14)."""
    for tool in ["mpd", "mpc", "lame", "ffmpeg", "sox"]:
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing; run make deps")
    mpd_bench.compare(mpd_bench.measure(SEGUE, ENV, WORK), row)
    print_rows()
    shutil.rmtree(WORK, ignore_errors=True)


def library_others(count):
    """mpd and cmus on the same tree as Segue (library_bench), after Segue: the cache is warm."""
    tree = library_bench.make_tree(count)
    return library_bench.mpd_library(tree, count, ENV, WORK), library_bench.cmus_library(tree, count, ENV, WORK)


def library_main(count):
    """python3 scripts/bench.py library [COUNT]: the library section alone (make bench-large: 100,000)."""
    for tool in ["mpd", "mpc", "cmus", "cmus-remote", "tmux", "lame", "ffmpeg", "sox"]:
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing; run make deps")
    baseline = os.environ.get("SEGUE_BASELINE_DIR")
    tree = library_bench.make_tree(count)
    fig = library_bench.segue_library(SEGUE, SEGUE_BENCH, tree, count, ENV, WORK)
    before = None
    if baseline:
        before = library_bench.segue_library(os.path.join(baseline, "segue"), os.path.join(baseline, "segue-bench"), tree, count, ENV, WORK)
    mpd, cmus = library_others(count)
    library_bench.compare(fig, count, mpd, cmus, row)
    print_rows()
    print("\n".join(library_bench.goals(fig, count)))
    print_figures(fig, before)
    shutil.rmtree(WORK, ignore_errors=True)


def main():
    global LONG
    if sys.argv[1:] == ["tempo"]:  # the tempo figures alone: python3 scripts/bench.py tempo
        print("\n".join(tempo_figures(SEGUE)))
        return
    if sys.argv[1:2] == ["library"]:  # python3 scripts/bench.py library [COUNT]
        if len(sys.argv) > 3 or (len(sys.argv) == 3 and not sys.argv[2].isdigit()):
            sys.exit("usage: bench.py library [COUNT]")
        library_main(int(sys.argv[2]) if len(sys.argv) == 3 else LIBRARY_COUNT)
        return
    if sys.argv[1:] == ["mpd"]:
        mpd_main()
        return
    if sys.argv[1:] == ["playback"]:  # the playback rows alone (about 5 minutes): python3 scripts/bench.py playback
        fig = {}
        playback_figures(SEGUE, fig)
        print_figures(fig, None)
        shutil.rmtree(WORK, ignore_errors=True)
        return
    if sys.argv[1:] == ["lean"]:  # issue 15's figures and goals alone
        lean_main()
        return
    for tool in ["mpg123", "cmus", "mpd", "mpc", "faad", "ffmpeg", "hyperfine", "pulseaudio", "tmux", "less", "aubio"]:
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing; run make deps")
    baseline = os.environ.get("SEGUE_BASELINE_DIR")
    LONG = make_long_fixtures()
    long_mp3, long_m4a = LONG
    fig = segue_side(SEGUE, SEGUE_BENCH)
    before = segue_side(os.path.join(baseline, "segue"), os.path.join(baseline, "segue-bench")) if baseline else None

    # The other players, once.
    peers = peer_figures(with_cmus=True)
    if "cmus M4A" in peers:
        row("play 30 s M4A: CPU", fig["play 30 s M4A: CPU"][0], peers["cmus M4A"]["cpu"], "cmus", "s")
        row("play 30 s M4A: peak RSS", fig["play 30 s M4A: peak RSS"][0], peers["cmus M4A"]["rss"], "cmus", "MB")
    f_cpu, _, _ = timed(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", long_mp3, "-f", "null", "-"])
    row("decode MP3: audio s per CPU s", fig["decode MP3: audio s per CPU s"][0], 600 / f_cpu, "ffmpeg", "x", lower_is_better=False)
    f_cpu, _, _ = timed(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", long_m4a, "-f", "null", "-"])
    row("decode M4A: audio s per CPU s", fig["decode M4A: audio s per CPU s"][0], 600 / f_cpu, "ffmpeg", "x", lower_is_better=False)
    mpd_start = mpd_start_ms()
    ui = fig["_ui"]
    row("UI key to screen, 10k rows: median", ui["median"], ui["less_median"], "less", "ms")
    row("UI key to screen, 10k rows: p95", ui["p95"], ui["less_p95"], "less", "ms")
    row("daemon start to socket answering", fig["daemon: start to socket answering"][0], mpd_start, "mpd", "ms")
    lean_rows(fig, peers)
    mpd_library, cmus_library = library_others(LIBRARY_COUNT)
    library_bench.compare(fig, LIBRARY_COUNT, mpd_library, cmus_library, row)
    mpd_bench.compare(mpd_bench.measure(SEGUE, ENV, WORK), row)

    print_rows()
    print("\n".join(tempo_figures(SEGUE)))
    print("\ntargets: play() prepared -> first samples <= 5 ms; skip -> first samples <= 10 ms; idle: <= 1 wake-up/s;")
    print("         keystroke to screen <= 16 ms with 10,000 rows; daemon start to socket <= 100 ms")
    print("         (playback CPU, wake-ups, RSS, start-up: the issue 15 goals below)")
    print("\n".join(library_bench.goals(fig, LIBRARY_COUNT)))
    print("\n".join(lean_goals(fig, peers)))
    print_figures(fig, before)
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
