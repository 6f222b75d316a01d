#!/usr/bin/env python3
"""The functions a play, the daemon playing a preview and the start-up commands run, as the
symbol ordering file the release link uses (issue 15, docs/performance.md "Memory").

    python3 scripts/link-order.py SEGUE OUTPUT

SEGUE is a release build linked with function sections (the Makefile's RELEASE does that). Each
workload runs under `valgrind --tool=callgrind`, which sees every function executed, not a sample;
the functions of SEGUE itself (our code, the static Swift runtime, libstdc++) are written to
OUTPUT one symbol a line, sorted. lld's --symbol-ordering-file then places those functions'
sections first and together, so what a play touches fills fewer 64 KB fault-around windows of
the executable and the code it never runs is never mapped in.

Workloads (fixtures from scripts/make-fixtures.sh in .build/fixtures): `--version`, `play` of an
MP3 and an M4A into a private PulseAudio's null sink (`--output pulse`, as scripts/bench.py
starts it), `--output null`, ALSA's null device and a WAV file, the daemon playing the preview
served on loopback into that sink with `ctl` asking it for status, and `ctl` with no daemon. Regenerate after a change that moves a lot of code (a new output, a new decoder); a
function missing from the list still works, it is only placed after the listed ones.
"""
import os, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FX = os.path.join(ROOT, ".build", "fixtures")


def callgrind(out_dir, segue, args, env, wait=True):
    out = os.path.join(out_dir, f"cg.{len(os.listdir(out_dir))}")
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
    if len(argv) != 2:
        sys.exit(__doc__)
    segue, output = os.path.abspath(argv[0]), argv[1]
    work = tempfile.mkdtemp(prefix="segue-link-order-")
    traces = os.path.join(work, "traces")
    os.mkdir(traces)
    home = os.path.join(work, "home")
    os.mkdir(home)
    run_dir = os.path.join(work, "run")
    os.mkdir(run_dir, 0o700)
    env = dict(os.environ, SEGUE_HOME=home, SEGUE_OUTPUT="pulse", SEGUE_CATALOG_URL="http://127.0.0.1:9", no_proxy="127.0.0.1",
               XDG_RUNTIME_DIR=run_dir, HOME=home)
    subprocess.run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "-n", "--load=module-null-sink sink_name=out rate=44100",
                    "--load=module-native-protocol-unix"], env=env, check=True, timeout=30,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        trace(traces, segue, env, work)
    finally:
        subprocess.run(["pulseaudio", "-k"], env=env, timeout=30)
    names = set()
    for trace_file in os.listdir(traces):
        names |= functions(os.path.join(traces, trace_file), os.path.basename(segue))
    with open(output, "w") as f:
        for name in sorted(names):
            f.write(f"{name}\n")
    print(f"{len(names)} functions from {len(os.listdir(traces))} runs written to {output}")
    shutil.rmtree(work, ignore_errors=True)


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


if __name__ == "__main__":
    main(sys.argv[1:])
