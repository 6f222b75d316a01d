"""The MPD section of make bench (issue 14): `segue daemon --mpd` beside Debian's mpd, in one run.

Both serve the same generated tree (scripts/make-library-tree.py, 10,000 files, cached in
.build/library-tree), each on its own loopback port with the null output:

* connect to greeting: a TCP connect until the `OK MPD` line is read (median of 200, ms);
* `mpc status` as a whole process (fork, exec, connect, the status command list, exit): the
  mean of hyperfine's runs when hyperfine is installed, else the median of 50 runs (ms);
* idle wake-up after a `next`: connection A parked in `idle player`, connection B sends `next`;
  from B's send until A has read `changed: player` (median and p95 of 50, ms; the queue holds 10
  songs with repeat on, so `next` always moves);
* `listallinfo` of the whole database (10,000 songs): from the command until its `OK` (median
  of 3, seconds; the reply's size in MB is printed too);
* the daemon's VmRSS with 10 MPD clients parked in `idle` (MB), and what those 10 added.

Every figure is a measurement, not a verdict. `python3 scripts/bench.py mpd` runs this section
alone; make bench runs it with everything else.
"""
import os, select, shutil, socket, statistics, subprocess, sys, tempfile, time

from library_bench import LineSocket, free_port, make_tree, percentile, vm_rss

COUNT = 10000
RUNS = {"connect": 200, "mpc": 50, "idle": 50, "listallinfo": 3}


class Server:
    """An MPD server (mpd or segue) on a loopback port, and a command connection to it."""

    name = "?"

    def wait_for_greeting(self, timeout=60):
        deadline = time.perf_counter() + timeout
        while True:
            try:
                conn = LineSocket(socket.create_connection(("127.0.0.1", self.port), timeout=5))
                if (conn.line(10) or "").startswith("OK MPD"):
                    self.conn = conn
                    return
                conn.close()
            except OSError:
                pass
            if time.perf_counter() > deadline or self.proc.poll() is not None:
                raise RuntimeError(f"{self.name} did not greet on port {self.port}")
            time.sleep(0.02)

    def command(self, line, timeout=120, conn=None):
        """The reply's lines up to OK; raises on ACK or silence."""
        conn = conn or self.conn
        conn.send(line)
        out = []
        while True:
            text = conn.line(timeout)
            if text is None:
                raise RuntimeError(f"{self.name} did not answer {line!r}")
            if text == "OK":
                return out
            if text.startswith("ACK"):
                raise RuntimeError(f"{self.name}: {line!r}: {text}")
            out.append(text)

    def value(self, command, key):
        for line in self.command(command):
            if line.startswith(key + ": "):
                return line[len(key) + 2:]
        return None

    def wait_for_songs(self, count, timeout):
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if self.value("stats", "songs") == str(count) and self.value("status", "updating_db") is None:
                return
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} did not list {count} songs within {timeout} s")

    def rss(self):
        return vm_rss(self.proc.pid)

    def stop(self):
        try:
            self.conn.close()
        except Exception:
            pass
        self.proc.terminate()
        try:
            self.proc.wait(60)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class MPD(Server):
    name = "mpd"

    def __init__(self, tree, env, work):
        self.dir = tempfile.mkdtemp(prefix="mpd-section-", dir=work)
        self.port = free_port()
        conf = os.path.join(self.dir, "mpd.conf")
        with open(conf, "w") as out:
            out.write(f'''music_directory "{tree}"
db_file "{self.dir}/db"
log_file "{self.dir}/log"
bind_to_address "127.0.0.1"
port "{self.port}"
zeroconf_enabled "no"
audio_output {{
  type "null"
  name "null"
  mixer_type "software"
}}
''')
        self.proc = subprocess.Popen(["mpd", "--no-daemon", conf], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wait_for_greeting()
        self.prefix = ""


class Segue(Server):
    name = "segue"

    def __init__(self, segue, tree, env, work):
        home = tempfile.mkdtemp(prefix="segue-mpd-section-", dir=work)
        self.env = dict(env, SEGUE_HOME=home, SEGUE_CATALOG_URL="http://127.0.0.1:9", SEGUE_OUTPUT="null")
        self.port = free_port()
        self.proc = subprocess.Popen([segue, "daemon", "--foreground", "--output", "null", "--mpd", f"127.0.0.1:{self.port}"],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.wait_for_greeting()
        subprocess.run([segue, "ctl", "folder", "add", tree], env=self.env, check=True, timeout=60, stdout=subprocess.DEVNULL)
        # Segue names each library folder after its last component (docs/mpd.md).
        self.prefix = os.path.basename(tree.rstrip("/")) + "/"


def connect_ms(server):
    times = []
    for _ in range(RUNS["connect"]):
        t0 = time.perf_counter()
        s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        conn = LineSocket(s)
        line = conn.line(10)
        times.append((time.perf_counter() - t0) * 1000)
        conn.close()
        if not (line or "").startswith("OK MPD"):
            raise RuntimeError(f"{server.name} greeted with {line!r}")
    return statistics.median(times)


def mpc_status_ms(server, env):
    command = ["mpc", "--host", "127.0.0.1", "--port", str(server.port), "status"]
    if shutil.which("hyperfine"):
        out = os.path.join(tempfile.mkdtemp(), "h.json")
        subprocess.run(["hyperfine", "-N", "--warmup", "5", "--runs", str(RUNS["mpc"]), "--export-json", out,
                        " ".join(command)], env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import json
        return json.load(open(out))["results"][0]["mean"] * 1000
    times = []
    for _ in range(RUNS["mpc"]):
        t0 = time.perf_counter()
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL, timeout=30)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def play_ten(server):
    """Ten songs of the tree queued and playing with repeat on, so `next` always moves."""
    listing = raw_reply(server.conn, "listall", 300).decode("utf-8", "replace").split("\n")
    files = [line[6:] for line in listing if line.startswith("file: ")][:10]
    server.command("clear")
    for f in files:
        quoted = f.replace("\\", "\\\\").replace('"', '\\"')
        server.command(f'add "{quoted}"')
    server.command("repeat 1")
    server.command("play 0")


def idle_wake_ms(server):
    play_ten(server)
    watcher = LineSocket(socket.create_connection(("127.0.0.1", server.port), timeout=10))
    watcher.line(10)
    times = []
    for _ in range(RUNS["idle"]):
        # Start clean: report and so clear whatever is pending, then park.
        watcher.send("idle")
        watcher.send("noidle")
        while watcher.line(10) != "OK":
            pass
        watcher.send("idle player")
        time.sleep(0.05)  # parked before the next (the time is not part of the figure)
        t0 = time.perf_counter()
        server.command("next")
        while True:
            line = watcher.line(10)
            if line is None:
                raise RuntimeError(f"{server.name}: idle was not woken by next")
            if line == "OK":
                break
        times.append((time.perf_counter() - t0) * 1000)
        time.sleep(0.05)  # let the new song start before the next skip
    watcher.close()
    server.command("stop")
    return statistics.median(times), percentile(times, 95)


def raw_reply(conn, line, timeout):
    """The whole reply to `line` as bytes (up to and including its final OK), read in big chunks:
    LineSocket splits line by line, which is quadratic on a reply of megabytes."""
    assert not conn.buffer
    conn.send(line)
    chunks, tail, deadline = [], b"", time.perf_counter() + timeout
    while True:
        left = deadline - time.perf_counter()
        if left <= 0 or not select.select([conn.sock], [], [], left)[0]:
            raise RuntimeError(f"no whole reply to {line!r} within {timeout} s")
        chunk = conn.sock.recv(1 << 20)
        if not chunk:
            raise RuntimeError(f"the server closed the connection during {line!r}")
        chunks.append(chunk)
        tail = (tail + chunk)[-4096:]
        if tail == b"OK\n" or tail.endswith(b"\nOK\n"):
            return b"".join(chunks)
        last = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1]
        if last.startswith(b"ACK [") and tail.endswith(b"\n"):
            raise RuntimeError(f"{line!r}: {last.decode(errors='replace')}")


def listallinfo_s(server):
    times, size = [], 0
    for _ in range(RUNS["listallinfo"]):
        t0 = time.perf_counter()
        reply = raw_reply(server.conn, "listallinfo", 300)
        times.append(time.perf_counter() - t0)
        songs = reply.count(b"\nfile: ") + reply.startswith(b"file: ")
        size = len(reply)
        if songs != COUNT:
            print(f"bench: {server.name}'s listallinfo listed {songs} songs of {COUNT}", file=sys.stderr)
    return statistics.median(times), size / 1e6


def idle_clients_rss(server, clients=10):
    before = server.rss()
    parked = []
    for _ in range(clients):
        conn = LineSocket(socket.create_connection(("127.0.0.1", server.port), timeout=10))
        conn.line(10)
        conn.send("idle")
        parked.append(conn)
    server.command("ping")
    time.sleep(0.5)
    after = server.rss()
    for conn in parked:
        conn.close()
    return after, after - before


def figures(server, env):
    fig = {}
    fig["connect"] = connect_ms(server)
    fig["mpc"] = mpc_status_ms(server, env)
    fig["idle"] = idle_wake_ms(server)
    fig["listallinfo"] = listallinfo_s(server)
    fig["rss"] = idle_clients_rss(server)
    return fig


def measure(segue, env, work):
    """The figures of both servers on the tree: {"segue": {...}, "mpd": {...}}; a server that
    cannot be measured (a build without --mpd) is missing from it, with the reason printed."""
    tree = make_tree(COUNT)
    out = {}
    for name, make in [("mpd", lambda: MPD(tree, env, work)), ("segue", lambda: Segue(segue, tree, env, work))]:
        server = None
        try:
            server = make()
            server.wait_for_songs(COUNT, timeout=max(300, COUNT / 20))
            out[name] = figures(server, env)
            print(f"MPD section, {name}: " + ", ".join(f"{k} {v}" for k, v in out[name].items()), file=sys.stderr)
        except Exception as error:  # a measurement, not a verdict: say why and go on
            print(f"bench: MPD section: {name}: {error}", file=sys.stderr)
        finally:
            if server:
                server.stop()
    return out


def compare(fig, row):
    """Adds the section's rows (Segue beside mpd) to bench.py's table."""
    s, m = fig.get("segue"), fig.get("mpd")
    if not s or not m:
        return
    row("MPD: connect to greeting", s["connect"], m["connect"], "mpd", "ms")
    row("MPD: `mpc status` process", s["mpc"], m["mpc"], "mpd", "ms")
    row("MPD: idle wake-up after next, median", s["idle"][0], m["idle"][0], "mpd", "ms")
    row("MPD: idle wake-up after next, p95", s["idle"][1], m["idle"][1], "mpd", "ms")
    row(f"MPD: listallinfo {COUNT:,} songs", s["listallinfo"][0], m["listallinfo"][0], "mpd", "s")
    row(f"MPD: listallinfo {COUNT:,} songs, reply size", s["listallinfo"][1], m["listallinfo"][1], "mpd", "MB")
    row("MPD: daemon RSS, 10 idle clients", s["rss"][0], m["rss"][0], "mpd", "MB")
    row("MPD: RSS the 10 idle clients added", s["rss"][1], m["rss"][1], "mpd", "MB")
