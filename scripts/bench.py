#!/usr/bin/env python3
"""make bench: Segue side by side with mpg123, cmus and mpd, in one run, with ratios.

Real-time playback goes into a PulseAudio null sink (private server, private runtime dir), so
every player is paced like a real device. Figures are printed as a table; nothing here is a
pass/fail test. Run from the repository root after `make build` (make bench does both).
"""
import json, os, shutil, signal, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SEGUE = os.path.join(ROOT, ".build/release/segue")
SEGUE_BENCH = os.path.join(ROOT, ".build/release/segue-bench")
FX = os.path.join(ROOT, ".build/fixtures")
WORK = tempfile.mkdtemp(prefix="segue-bench-")
ENV = dict(os.environ, XDG_RUNTIME_DIR=os.path.join(WORK, "run"), HOME=os.path.join(WORK, "home"))
os.makedirs(ENV["XDG_RUNTIME_DIR"], mode=0o700)
os.makedirs(ENV["HOME"])
rows = []


def row(what, segue, other, name, unit, lower_is_better=True):
    ratio = (segue / other) if other else float("nan")
    rows.append((what, segue, other, name, unit, ratio, lower_is_better))


def run(cmd, timeout=120, **kw):
    return subprocess.run(cmd, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout, **kw)


def timed(cmd):
    """CPU seconds (user+sys) and peak RSS (MB) of a command run to completion."""
    out = os.path.join(WORK, "time.txt")
    r = run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", out] + cmd)
    if r.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd)} failed: {r.stderr.decode()[-400:]}")
    wall, user, sys_, rss = open(out).read().split()[-4:]
    return float(user) + float(sys_), int(rss) / 1024, float(wall)


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
    """Ten minutes of audio, so decode speed is not hidden by process start-up."""
    wav, mp3, m4a = (os.path.join(WORK, n) for n in ("long.wav", "long.mp3", "long.m4a"))
    run(["sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "600", "sine", "440", "sine", "660", "vol", "0.5"], check=True)
    run(["lame", "--quiet", "-b", "192", wav, mp3], check=True)
    run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", wav, "-c:a", "aac", "-b:a", "256k", "-movflags", "+faststart", m4a], check=True)
    os.remove(wav)
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


def mpd_play(path, seconds):
    d = os.path.join(WORK, "mpd")
    os.makedirs(os.path.join(d, "music"))
    shutil.copy(path, os.path.join(d, "music", "a.m4a"))
    sock = os.path.join(d, "socket")
    conf = os.path.join(d, "mpd.conf")
    open(conf, "w").write(f'''music_directory "{d}/music"
db_file "{d}/db"
state_file "{d}/state"
pid_file "{d}/pid"
log_file "{d}/log"
bind_to_address "{sock}"
audio_output {{
  type "pulse"
  name "bench"
}}
''')
    run(["mpd", conf], check=True)
    try:
        wait_until(lambda: os.path.exists(os.path.join(d, "pid")), 10)
        pid = int(open(os.path.join(d, "pid")).read())
        mpc = ["mpc", "-q", "--host", sock]
        run(mpc + ["update", "--wait"])
        run(mpc + ["add", "a.m4a"])
        before = proc_cpu(pid)
        run(mpc + ["play"])
        time.sleep(1)
        wait_until(lambda: "[playing]" not in subprocess.run(mpc[:1] + mpc[2:] + ["status"], env=ENV, capture_output=True, text=True).stdout, seconds + 10)
        return proc_cpu(pid) - before, proc_hwm(pid)
    finally:
        run(["mpd", "--kill", conf])


def unix_request(path, line, timeout=5):
    import socket
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path)
    return s


def thread_switches(pid):
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            for line in open(f"/proc/{pid}/task/{tid}/status"):
                if "ctxt_switches" in line:
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def daemon_figures():
    """segue daemon --foreground: start to first answer (median of 10), round trip, idle and paused cost."""
    import socket, statistics
    starts = []
    home = os.path.join(WORK, "segue-home")
    env = dict(ENV, SEGUE_HOME=home, SEGUE_OUTPUT="null", SEGUE_CATALOG_URL="http://127.0.0.1:9")
    sock = os.path.join(home, "run", "socket")
    for _ in range(10):
        t0 = time.perf_counter()
        proc = subprocess.Popen([SEGUE, "daemon", "--foreground"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
    proc = subprocess.Popen([SEGUE, "daemon", "--foreground"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
        c0, w0 = proc_cpu(proc.pid), thread_switches(proc.pid)
        time.sleep(5)
        return (proc_cpu(proc.pid) - c0) / 5 * 1000, (thread_switches(proc.pid) - w0) / 5
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
    os.makedirs(os.path.join(d, "music"), exist_ok=True)
    sock = os.path.join(d, "socket")
    conf = os.path.join(d, "mpd.conf")
    open(conf, "w").write(f'''music_directory "{d}/music"
db_file "{d}/db"
state_file "{d}/state"
log_file "{d}/log"
bind_to_address "{sock}"
audio_output {{
  type "null"
  name "null"
}}
''')
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


def hyperfine_mean(cmd):
    out = os.path.join(WORK, "hf.json")
    run(["hyperfine", "-N", "--warmup", "5", "--runs", "50", "--export-json", out, cmd], check=True)
    return json.load(open(out))["results"][0]["mean"] * 1000


def main():
    for tool in ["mpg123", "cmus", "mpd", "mpc", "ffmpeg", "hyperfine", "pulseaudio"]:
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is missing; run make deps")
    mp3 = os.path.join(FX, "tone30.mp3")
    m4a = os.path.join(FX, "preview.m4a")
    long_mp3, long_m4a = make_long_fixtures()
    start_pulse()
    try:
        # Real-time playback of the same 30 s files into the null sink.
        s_cpu, s_rss, _ = timed([SEGUE, "play", "--output", "alsa:pulse", mp3])
        m_cpu, m_rss, _ = timed(["mpg123", "-q", "-o", "alsa", "-a", "pulse", mp3])
        row("play 30 s MP3: CPU", s_cpu, m_cpu, "mpg123", "s")
        row("play 30 s MP3: peak RSS", s_rss, m_rss, "mpg123", "MB")
        s_cpu, s_rss, _ = timed([SEGUE, "play", "--output", "alsa:pulse", m4a])
        c = cmus_play(m4a, 30)
        if c:
            row("play 30 s M4A: CPU", s_cpu, c[0], "cmus", "s")
            row("play 30 s M4A: peak RSS", s_rss, c[1], "cmus", "MB")
        d = mpd_play(m4a, 30)
        row("play 30 s M4A: CPU", s_cpu, d[0], "mpd", "s")
        row("play 30 s M4A: peak RSS", s_rss, d[1], "mpd", "MB")
    finally:
        run(["pulseaudio", "-k"])

    # Decode throughput: seconds of audio per CPU second, unpaced, 10-minute files.
    null_wav = "wav:/dev/null"
    s_cpu, _, _ = timed([SEGUE, "play", "--output", null_wav, long_mp3])
    m_cpu, _, _ = timed(["mpg123", "-q", "-t", long_mp3])
    f_cpu, _, _ = timed(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", long_mp3, "-f", "null", "-"])
    row("decode MP3: audio s per CPU s", 600 / s_cpu, 600 / m_cpu, "mpg123 -t", "x", lower_is_better=False)
    row("decode MP3: audio s per CPU s", 600 / s_cpu, 600 / f_cpu, "ffmpeg", "x", lower_is_better=False)
    s_cpu, _, _ = timed([SEGUE, "play", "--output", null_wav, long_m4a])
    f_cpu, _, _ = timed(["ffmpeg", "-nostdin", "-loglevel", "error", "-i", long_m4a, "-f", "null", "-"])
    row("decode M4A: audio s per CPU s", 600 / s_cpu, 600 / f_cpu, "ffmpeg", "x", lower_is_better=False)

    # Engine latencies and idle cost, measured in-process (segue-bench), a preview served on loopback.
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", FX],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = None
    for _ in range(50):
        line = server.stdout.readline()
        if "port" in line:
            port = line.split("port")[1].split()[0]
            break
    engine = []
    try:
        out = subprocess.run([SEGUE_BENCH, os.path.join(FX, "tone-fs.m4a"), os.path.join(FX, "tone.mp3"),
                              f"http://127.0.0.1:{port}/preview.m4a"], env=dict(ENV, no_proxy="127.0.0.1"),
                             capture_output=True, text=True, timeout=120)
        for line in out.stdout.splitlines():
            name, value, unit = line.split()
            engine.append((name, float(value), unit))
    finally:
        server.terminate()

    # The daemon: start to socket answering (vs mpd), command round trip, idle and paused cost.
    daemon = daemon_figures()
    mpd_start = mpd_start_ms()

    # Start-up.
    row("start-up (--version)", hyperfine_mean(f"{SEGUE} --version"), hyperfine_mean("mpg123 --version"), "mpg123", "ms")

    print(f"\n{'measure':34} {'segue':>9} {'other':>9}  {'vs':10} {'ratio':>6}")
    for what, s, o, name, unit, ratio, lower in rows:
        verdict = "better" if (ratio <= 1) == lower else "worse"
        print(f"{what:34} {s:9.3f} {o:9.3f}  {name:10} {ratio:6.2f}  ({unit}; {verdict})")
    print("\ntargets: peak RSS <= 20 MB while playing; CPU <= mpg123 on MP3 and <= mpd on M4A; start-up < 10 ms")
    print(f"\n{'engine (median of repeated runs)':44} {'value':>9}")
    for name, value, unit in engine:
        print(f"{name:44} {value:9.3f} {unit}")
    print("targets: play() prepared -> first samples <= 5 ms; skip -> first samples <= 10 ms; paused: <= 1 wake-up/s")
    print(f"\n{'daemon':44} {'value':>9}")
    print(f"{'start to socket answering':44} {daemon['start']:9.1f} ms   (mpd: {mpd_start:.1f} ms, ratio {daemon['start'] / mpd_start:.2f})")
    print(f"{'status round trip':44} {daemon['rtt']:9.3f} ms")
    for name in ("idle", "paused"):
        print(f"{name + ': CPU per second':44} {daemon[name][0]:9.3f} ms")
        print(f"{name + ': wake-ups per second':44} {daemon[name][1]:9.1f} /s")
    print("targets: start to socket <= 100 ms (mpd about 160 ms); idle and paused: <= 1 wake-up/s")
    shutil.rmtree(WORK, ignore_errors=True)


if __name__ == "__main__":
    main()
