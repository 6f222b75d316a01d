#!/usr/bin/env python3
"""The functions a play, the daemon playing a preview and the start-up commands run, as the
symbol ordering file the release link uses (issue 15, docs/performance.md "Memory").

    python3 scripts/link-order.py [--map LINKMAP] [--traces DIR] SEGUE OUTPUT

(`make link-order` runs it as it should be run: with the map of a link of SEGUE.)

SEGUE is a release build linked with function sections (the Makefile's RELEASE does that). Each
workload runs under `valgrind --tool=callgrind`, which sees every function executed, not a sample;
the functions of SEGUE itself (our code, the static Swift runtime, libstdc++) are written to
OUTPUT one symbol a line, grouped by the workloads that ran them (`placement`). lld's --symbol-ordering-file then places those functions'
sections first and together, so what a play touches fills fewer 64 KB fault-around windows of
the executable and the code it never runs is never mapped in.

Workloads (fixtures from scripts/make-fixtures.sh in .build/fixtures): `--version`, `play` of an
MP3 and an M4A into a private PulseAudio's null sink (`--output pulse`, as scripts/bench.py
starts it), `--output null`, ALSA's null device and a WAV file, the daemon playing the preview
served on loopback into that sink with `ctl` asking it for status, `ctl` with no daemon, and the
terminal UI in a private tmux (keys through its views, on a daemon holding a queue). Regenerate after a change that moves a lot of code (a new output, a new decoder); a
function missing from the list still works, it is only placed after the listed ones.
"""
import collections, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FX = os.path.join(ROOT, ".build", "fixtures")


def callgrind(out_dir, segue, args, env, wait=True):
    # The file is named after the kind of workload (its first word: play, daemon, ctl, --version),
    # which decides where its functions go in the order.
    out = os.path.join(out_dir, f"cg.{len(os.listdir(out_dir))}.{args[0].lstrip('-')}")
    cmd = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
           f"--callgrind-out-file={out}", segue] + args
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if wait:
        proc.wait(timeout=600)
    return proc


def functions(path, binary):
    """Names of the functions in `binary` that a callgrind output file saw run."""
    names, current = set(), None
    for line in open(path, errors="replace"):
        if line.startswith("ob="):
            current = line[3:].strip()
        elif line.startswith("fn=") and current and os.path.basename(current) == binary:
            name = line[3:].strip()
            if not name.startswith("0x"):
                names.add(name)
    return names


def main(argv):
    link_map, keep = None, None
    while argv[:1] in (["--map"], ["--traces"]):
        if argv[0] == "--map":
            link_map = argv[1]
        else:
            keep = os.path.abspath(argv[1])
        argv = argv[2:]
    if len(argv) != 2:
        sys.exit(__doc__)
    segue, output = os.path.abspath(argv[0]), argv[1]
    work = tempfile.mkdtemp(prefix="segue-link-order-")
    traces = keep or os.path.join(work, "traces")
    os.makedirs(traces, exist_ok=True)
    if not os.listdir(traces):
        home = os.path.join(work, "home")
        os.mkdir(home)
        run_dir = os.path.join(work, "run")
        os.mkdir(run_dir, 0o700)
        env = dict(os.environ, SEGUE_HOME=home, SEGUE_OUTPUT="pulse", SEGUE_CATALOG_URL="http://127.0.0.1:9",
                   no_proxy="127.0.0.1", XDG_RUNTIME_DIR=run_dir, HOME=home)
        subprocess.run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "-n",
                        "--load=module-null-sink sink_name=out rate=44100", "--load=module-native-protocol-unix"],
                       env=env, check=True, timeout=30, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            trace(traces, segue, env, work)
        finally:
            subprocess.run(["pulseaudio", "-k"], env=env, timeout=30)
    kinds = {}
    for trace_file in os.listdir(traces):
        kind = trace_file.split(".", 2)[2]
        for name in functions(os.path.join(traces, trace_file), os.path.basename(segue)):
            kinds.setdefault(name, set()).add(kind)
    names = sorted(kinds, key=lambda name: (placement(kinds[name]), name))
    dropped, last = 0, []
    if link_map:
        sections = text_sections(link_map)
        defined = collections.Counter(symbol for section in sections for symbol in section[3])
        big = {}
        for index, section in enumerate(sections):
            if section[1] > BIG_SECTION:
                for symbol in section[3]:
                    big.setdefault(symbol, index)
        # A name defined more than once is a local symbol of several objects (value witnesses such
        # as `$sSqwxx`, merged `Tm` thunks): lld places every copy, and a copy in an object built
        # without function sections drags that object's whole section to the front.
        # (Keeping the names whose copies are all in small sections measured worse: 0.3-0.4 MB more
        # of the daemon's text resident, medium sections dragged along.)
        kept = [name for name in names if defined[name] <= 1]
        dropped = len(names) - len(kept)
        # What lives in a large section (the static runtime's objects without function sections:
        # libswiftCore's Swift.o is one 1.5 MB .text) goes last, each section's names together, so
        # the small sections pack tightly and a large one is not split among them.
        last = sorted((name for name in kept if name in big), key=lambda name: big[name])
        names = [name for name in kept if name not in big] + last
    with open(output, "w") as f:
        for name in names:
            f.write(f"{name}\n")
    print(f"{len(names)} functions from {len(os.listdir(traces))} runs written to {output}"
          + (f" ({dropped} defined more than once left out, {len(last)} in large sections placed last)"
             if link_map else ""))
    shutil.rmtree(work, ignore_errors=True)


# 16 KB measured worse for the daemon (4.2-4.5 MB of its text resident against 3.7-4.2).
BIG_SECTION = 64 * 1024


def text_sections(path):
    """The input sections of the .text output section in an lld link map (`-Map`), in link order:
    [address, size, input section, [symbols]]."""
    sections, inside = [], False
    for line in open(path, errors="replace"):
        m = re.match(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$", line.rstrip("\n"))
        if not m:
            continue
        depth = len(m.group(3))
        if depth == 0:
            if inside:
                break
            inside = m.group(4) == ".text"
        elif inside and depth <= 8:
            sections.append([int(m.group(1), 16), int(m.group(2), 16), m.group(4), []])
        elif inside and sections:
            sections[-1][3].append(m.group(4))
    return sections


def placement(kinds):
    """Where a function goes, from the kinds of workload that ran it: the daemon's functions
    first (those a play runs too first of all), then the rest of a play's, then what only the
    short commands run, the UI's own last. Each long-running process's code is then one run of
    pages rather than spread among the others' (the daemon's peak RSS is the tightest goal)."""
    return ("daemon" not in kinds, "play" not in kinds, kinds == {"ui"}, -len(kinds), sorted(kinds))


def trace(traces, segue, env, work):
    """Runs every workload under callgrind, each writing one file into `traces`."""
    home = env["SEGUE_HOME"]
    mp3, m4a = os.path.join(FX, "tone.mp3"), os.path.join(FX, "tone.m4a")
    callgrind(traces, segue, ["--version"], env)
    callgrind(traces, segue, ["ctl", "quit"], dict(env, SEGUE_HOME=os.path.join(work, "nohome")))
    for out in ["pulse", "null", "alsa:null", "wav:" + os.path.join(work, "out.wav")]:
        callgrind(traces, segue, ["play", "--output", out, mp3], env)
        callgrind(traces, segue, ["play", "--output", out, m4a], env)
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", FX],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = server.stdout.readline().split("port")[1].split()[0]
    daemon = callgrind(traces, segue, ["daemon", "--foreground"], env, wait=False)
    try:
        socket = os.path.join(home, "run", "socket")
        deadline = time.time() + 60
        while not os.path.exists(socket) and time.time() < deadline:
            time.sleep(0.2)
        subprocess.run([segue, "ctl", "add", f"http://127.0.0.1:{port}/preview.m4a"], env=env, timeout=60,
                       stdout=subprocess.DEVNULL)
        time.sleep(8)
        callgrind(traces, segue, ["ctl", "status"], env)
        callgrind(traces, segue, ["ctl", "pause"], env)
        subprocess.run([segue, "ctl", "quit"], env=env, timeout=60, stdout=subprocess.DEVNULL)
        daemon.wait(timeout=60)
    finally:
        if daemon.poll() is None:
            daemon.terminate()
            daemon.wait(timeout=30)
        server.terminate()
        server.wait(timeout=10)
    trace_ui(traces, segue, env, work)


def trace_ui(traces, segue, env, work):
    """The terminal UI under callgrind in a private tmux at 120x40, on a daemon (not traced: its
    paths are above) holding a few entries: keys through the queue and the other views, then `q`."""
    home = os.path.join(work, "ui-home")
    os.makedirs(home, exist_ok=True)
    ui_env = dict(env, SEGUE_HOME=home, SEGUE_OUTPUT="null", LANG="C.UTF-8", LC_ALL="C.UTF-8", TERM="xterm-256color")
    daemon = subprocess.Popen([segue, "daemon", "--foreground", "--catalog", "demo"], env=ui_env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    tmux = ["tmux", "-L", f"segue-link-order-{os.getpid()}", "-f", "/dev/null"]
    out = os.path.join(traces, f"cg.{len(os.listdir(traces))}.ui")
    try:
        socket = os.path.join(home, "run", "socket")
        deadline = time.time() + 60
        while not os.path.exists(socket) and time.time() < deadline:
            time.sleep(0.2)
        mp3 = os.path.join(FX, "tone.mp3")
        subprocess.run([segue, "ctl", "add", mp3, mp3, mp3], env=ui_env, timeout=60, stdout=subprocess.DEVNULL)
        subprocess.run([segue, "ctl", "pause"], env=ui_env, timeout=60, stdout=subprocess.DEVNULL)
        command = " ".join(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
                            f"--callgrind-out-file={out}", segue])
        subprocess.run(tmux + ["new-session", "-d", "-s", "main", "-x", "120", "-y", "40", command], env=ui_env,
                       check=True, timeout=30)
        time.sleep(20)
        for key in ["j", "k", "G", "g", "C-d", "Tab", "j", "Tab", "j", "Tab", "j", "1", "space", "space", "?", "Escape",
                    "W", "W", "q"]:
            subprocess.run(tmux + ["send-keys", "-t", "main", key], env=ui_env, timeout=30)
            time.sleep(1.5)
        deadline = time.time() + 60
        while not os.path.exists(out) and time.time() < deadline:
            time.sleep(0.5)
        time.sleep(2)
    finally:
        subprocess.run(tmux + ["kill-server"], env=ui_env, stderr=subprocess.DEVNULL, timeout=30)
        subprocess.run([segue, "ctl", "quit"], env=ui_env, timeout=60, stdout=subprocess.DEVNULL)
        try:
            daemon.wait(timeout=30)
        except subprocess.TimeoutExpired:
            daemon.terminate()
            daemon.wait(timeout=30)


if __name__ == "__main__":
    main(sys.argv[1:])
