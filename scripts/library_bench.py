"""The library section of make bench (issue 13): Segue, mpd and cmus on one generated tree.

On a tree of COUNT tagged files (scripts/make-library-tree.py; 10,000 in make bench, 100,000 in
make bench-large), with the page cache warm:

* Segue: `folder add TREE` on a daemon with a fresh SEGUE_HOME until the scan's `scanned` event
  (files per second; a first daemon scans once to warm the cache, then a second one on a fresh
  home is timed); `rescan` with nothing changed (median of 3); `find` through the daemon socket,
  one request per keystroke of a few phrases on one connection (p50/p95, milliseconds from the
  request to its whole reply line); the daemon's VmRSS with an empty library, after the scan,
  after the rescans and searches, and after a restart on the stored library; the tag reader alone (segue-bench tags TREE); the
  store alone with COUNT generated songs (segue-bench store: insert rate, database size, find
  per keystroke in-process, the queries a rescan, stats and the list views make).
* mpd: its own temp config (music_directory TREE, db_file, a loopback port); `mpc update --wait`
  on an empty database (first scan), again with nothing changed (rescan), `search any PREFIX
  window 0:LIMIT` per keystroke on one connection, VmRSS before and after.
* cmus: `cmus --listen` in a private tmux with a temp HOME; `cmus-remote -C "add -l TREE"`, then
  `save -l -` polled every 50 ms (cmus refuses it while tracks are being added) until the
  library holds COUNT files (or stops growing).

Every figure is a measurement, not a verdict: nothing here fails the build.
"""
import json, os, select, shlex, socket, statistics, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREES = os.path.join(ROOT, ".build", "library-tree")

# What a user types, one keystroke at a time: common and rare words, a name, diacritics, CJK.
PHRASES = ["midnight river", "the golden", "björn berg", "electric dreamer", "jazz", "sigur", "東京", "velvet ocean"]
FIND_LIMIT = 50  # mpd's window: as many as Segue's find answers with (LibraryCommands.findLimit)

GOALS = {"scan": 2000.0, "rescan_10k": 1.0, "find_p95_100k": 10.0, "rss_mb": 10.0}


def make_tree(count):
    """The cached tree of `count` files, made when missing."""
    tree = os.path.join(TREES, str(count))
    subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "make-library-tree.py"), tree, str(count)], check=True,
                   stdout=subprocess.DEVNULL)
    return tree


def keystrokes():
    out = []
    for phrase in PHRASES:
        for i in range(1, len(phrase) + 1):
            if phrase[i - 1] != " ":  # a space alone changes no result
                out.append(phrase[:i])
    return out


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def vm_rss(pid):
    """Resident set size now, in MB."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid):
    """User + system CPU seconds a process has used (all its threads)."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def find_key(value, key):
    """The first value under `key` anywhere in a JSON value (replies' shapes vary by kind)."""
    if isinstance(value, dict):
        if key in value:
            return value[key]
        for inner in value.values():
            found = find_key(inner, key)
            if found is not None:
                return found
    elif isinstance(value, list):
        for inner in value:
            found = find_key(inner, key)
            if found is not None:
                return found
    return None


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class LineSocket:
    """One connection's lines, read with deadlines (no read waits for ever)."""

    def __init__(self, sock):
        self.sock, self.buffer = sock, b""

    def send(self, text):
        self.sock.sendall(text.encode() + b"\n")

    def line(self, timeout):
        deadline = time.perf_counter() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([self.sock], [], [], left)[0]:
                return None
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                return None
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("utf-8", "replace")

    def close(self):
        self.sock.close()


class SegueDaemon:
    """`segue daemon --foreground` on a SEGUE_HOME: a command connection, and a subscribed one
    whose `library` events a thread notes with the time they arrived."""

    def __init__(self, segue, env, home):
        self.env = dict(env, SEGUE_HOME=home, SEGUE_CATALOG_URL="http://127.0.0.1:9")
        self.path = os.path.join(home, "run", "socket")
        self.proc = subprocess.Popen([segue, "daemon", "--foreground", "--output", "null", "--catalog", "demo"],
                                     env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.cmd = LineSocket(self.connect())
        self.events, self.lock, self.closed = [], threading.Condition(), False
        self.ev = LineSocket(self.connect())
        self.ev.send(json.dumps({"id": "sub", "subscribe": True}))
        self.ev.line(30)
        self.thread = threading.Thread(target=self.listen, daemon=True)
        self.thread.start()

    def connect(self):
        deadline = time.perf_counter() + 30
        while True:
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(self.path)
                return s
            except OSError:
                if time.perf_counter() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("the Segue daemon did not open its socket")
                time.sleep(0.005)

    def listen(self):
        while not self.closed:
            line = self.ev.line(0.5)
            if line is None:
                continue
            at = time.perf_counter()
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("event") == "library":
                with self.lock:
                    self.events.append((at, message))
                    self.lock.notify_all()

    def ask(self, command, timeout=60):
        """The reply to one command, and the seconds from sending it to its whole line."""
        t0 = time.perf_counter()
        self.cmd.send(json.dumps({"id": 1, "command": command}))
        line = self.cmd.line(timeout)
        elapsed = time.perf_counter() - t0
        if line is None:
            raise RuntimeError(f"no reply to {command!r} within {timeout} s")
        return json.loads(line), elapsed

    def stats(self):
        reply, _ = self.ask("stats")
        return reply if reply.get("ok") else None

    def scan_and_wait(self, command, expected, timeout):
        """Sends `command` (folder add or rescan); returns (seconds to the `scanned` event, progress
        reports seen, the reply) or raises. Without events (a daemon that sends none) the stats'
        song count and last scan time decide, polled every 0.2 s."""
        before = self.stats()
        last_before = find_key(before, "lastScan") if before else None
        with self.lock:
            start_index = len(self.events)
        t0 = time.perf_counter()
        reply, _ = self.ask(command)
        if not reply.get("ok"):
            raise RuntimeError(f"{command!r}: {reply.get('error')}")
        deadline = t0 + timeout
        next_poll = t0 + 0.2
        while time.perf_counter() < deadline:
            with self.lock:
                self.lock.wait(0.05)
                seen = self.events[start_index:]
            # {"event":"library","activity":"scanning"|"scanned"|"changed",…} (docs/protocol.md)
            progress = sum(1 for _, m in seen if m.get("activity") == "scanning")
            for at, message in seen:
                if message.get("activity") == "scanned":
                    return at - t0, progress, message
            if time.perf_counter() >= next_poll:
                next_poll = time.perf_counter() + 0.2
                now = self.stats()
                if now and find_key(now, "scan") is None and (find_key(now, "songs") or 0) >= expected \
                        and find_key(now, "lastScan") not in (None, last_before):
                    return time.perf_counter() - t0, progress, now
        raise RuntimeError(f"{command!r}: the scan did not finish within {timeout} s")

    def rss(self):
        return vm_rss(self.proc.pid)

    def close(self):
        self.closed = True
        self.thread.join(2)
        self.cmd.close()
        self.ev.close()
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def settled_rss(daemon):
    """VmRSS once the daemon answers and has had half a second to settle."""
    daemon.ask("status")
    time.sleep(0.5)
    return daemon.rss()


def find_latencies(ask):
    """Milliseconds per keystroke of every phrase, after one untimed pass (SQLite's pages warm)."""
    for term in keystrokes():
        ask(term)
    return [ask(term) * 1000 for term in keystrokes()]


def segue_library(segue, segue_bench, tree, count, env, work):
    """Segue's figures on the tree, by name: (value, unit, lower is better). Empty when the build
    has no library (an older baseline)."""
    fig = {}
    label = f"library {count:,}"
    timeout = max(120, count / 100)  # 100 files/s is far below any sensible scan

    out = subprocess.run([segue_bench, "tags", tree], env=env, capture_output=True, text=True, timeout=timeout)
    tags = dict((p[0], float(p[1])) for p in (line.split() for line in out.stdout.splitlines()) if len(p) == 3)
    if tags.get("tags-failed"):
        print(f"bench: the tag reader refused {tags['tags-failed']:.0f} of {count} files: {out.stderr.strip()[:300]}", file=sys.stderr)
    if "tags-per-second" in tags and tags.get("tags-failed", 0) < count:
        fig[f"{label}: tag reader alone"] = (tags["tags-per-second"], "files/s", False)

    # The store alone, in-process (segue-bench store): its insert rate, size and find per keystroke.
    out = subprocess.run([segue_bench, "store", str(count)] + PHRASES, env=env, capture_output=True, text=True, timeout=timeout)
    units = {"songs/s": False, "MB": True, "ms": True, "keystrokes": True}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0].startswith("store-") and parts[2] in units:
            fig[f"{label}: {parts[0]} (in-process)"] = (float(parts[1]), parts[2], units[parts[2]])
    if out.stderr.strip():
        print(out.stderr.strip()[:400], file=sys.stderr)

    # Warm-up: a first daemon scans the tree once (page cache, the binary, SQLite's code).
    daemon = SegueDaemon(segue, env, tempfile.mkdtemp(prefix="library-warm-", dir=work))
    try:
        daemon.scan_and_wait(f"folder add {shlex.quote(tree)}", count, timeout)
    except RuntimeError as error:
        print(f"bench: Segue's library is not measurable with this build: {error}", file=sys.stderr)
        daemon.close()
        return fig
    daemon.close()

    home = tempfile.mkdtemp(prefix="library-home-", dir=work)
    daemon = SegueDaemon(segue, env, home)
    try:
        empty = settled_rss(daemon)
        cpu0 = cpu_seconds(daemon.proc.pid)
        seconds, progress, _ = daemon.scan_and_wait(f"folder add {shlex.quote(tree)}", count, timeout)
        scan_cpu = cpu_seconds(daemon.proc.pid) - cpu0
        stats = daemon.stats()
        songs = find_key(stats, "songs") or 0
        if songs != count:
            print(f"bench: Segue's library holds {songs} songs of the tree's {count}", file=sys.stderr)
        if songs < count / 2:  # a scan that stored little measures the skipping, not the library
            print("bench: so Segue's library figures are left out", file=sys.stderr)
            return fig
        fig[f"{label}: first scan"] = (count / seconds, "files/s", False)
        # The machine is shared: files per CPU second of the daemon is the figure load does not move.
        fig[f"{label}: first scan per CPU second"] = (count / max(scan_cpu, 0.01), "files/cpu-s", False)
        fig[f"{label}: progress reports during the scan"] = (progress, "events", False)
        time.sleep(0.5)
        scanned = daemon.rss()
        rescans = []
        for _ in range(3):
            time.sleep(1.1)  # so a last-scan time kept in whole seconds moves on
            rescans.append(daemon.scan_and_wait("rescan", count, timeout)[0])
        fig[f"{label}: rescan, nothing changed"] = (statistics.median(rescans), "s", True)
        cpu0 = cpu_seconds(daemon.proc.pid)
        times = find_latencies(lambda term: daemon.ask("find " + term)[1])
        fig[f"{label}: find, daemon CPU per keystroke"] = ((cpu_seconds(daemon.proc.pid) - cpu0) * 1000 / (2 * len(times)), "ms", True)
        fig[f"{label}: find per keystroke p50"] = (statistics.median(times), "ms", True)
        fig[f"{label}: find per keystroke p95"] = (percentile(times, 95), "ms", True)
        after = settled_rss(daemon)
        fig[f"{label}: daemon RSS, empty library"] = (empty, "MB", True)
        fig[f"{label}: daemon RSS added by the scan"] = (scanned - empty, "MB", True)
        fig[f"{label}: daemon RSS added, after rescans and finds"] = (after - empty, "MB", True)
    finally:
        daemon.close()

    # A restart on the stored library: what the library costs a daemon that did not scan it.
    t0 = time.perf_counter()
    daemon = SegueDaemon(segue, env, home)
    try:
        daemon.ask("status")
        fig[f"{label}: daemon start to answering, with the library"] = ((time.perf_counter() - t0) * 1000, "ms", True)
        time.sleep(1)
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:  # a scan at start (resume or config folders) ends first
            if find_key(daemon.stats(), "scan") is None:
                break
            time.sleep(0.2)
        find_latencies(lambda term: daemon.ask("find " + term)[1])
        fig[f"{label}: daemon RSS added, restarted on it"] = (settled_rss(daemon) - empty, "MB", True)
    finally:
        daemon.close()
    return fig


class MPD:
    """mpd on its own config, database and loopback port; `update` through mpc as a user would."""

    def __init__(self, tree, env, work):
        self.dir = tempfile.mkdtemp(prefix="library-mpd-", dir=work)
        self.env, self.port = env, free_port()
        empty = os.path.join(self.dir, "empty")
        os.makedirs(empty)
        # A first start on an empty folder writes an empty database: mpd scans by itself when its
        # database is missing, and `mpc update --wait` is to time the whole first scan.
        self.start(empty)
        self.stop()
        self.start(tree)

    def start(self, music):
        self.conf = os.path.join(self.dir, "mpd.conf")
        with open(self.conf, "w") as out:
            out.write(f'''music_directory "{music}"
db_file "{self.dir}/db"
state_file "{self.dir}/state"
log_file "{self.dir}/log"
bind_to_address "127.0.0.1"
port "{self.port}"
auto_update "no"
zeroconf_enabled "no"
audio_output {{
  type "null"
  name "null"
}}
''')
        self.proc = subprocess.Popen(["mpd", "--no-daemon", self.conf], env=self.env, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        deadline = time.perf_counter() + 30
        while True:
            try:
                self.conn = LineSocket(socket.create_connection(("127.0.0.1", self.port), timeout=5))
                if (self.conn.line(10) or "").startswith("OK MPD"):
                    break
            except OSError:
                pass
            if time.perf_counter() > deadline or self.proc.poll() is not None:
                raise RuntimeError("mpd did not start")
            time.sleep(0.01)
        self.command("status")
        while "updating_db" in self.command("status"):  # the scan of the missing database
            time.sleep(0.05)

    def command(self, line):
        """The response's lines (to OK), timed out after a minute."""
        self.conn.send(line)
        out = []
        while True:
            text = self.conn.line(60)
            if text is None:
                raise RuntimeError(f"mpd did not answer {line!r}")
            if text == "OK":
                return "\n".join(out)
            if text.startswith("ACK"):
                raise RuntimeError(f"mpd: {text}")
            out.append(text)

    def update(self, timeout):
        t0 = time.perf_counter()
        subprocess.run(["mpc", "-q", "-h", "127.0.0.1", "-p", str(self.port), "update", "--wait"], env=self.env,
                       check=True, timeout=timeout, stdout=subprocess.DEVNULL)
        return time.perf_counter() - t0

    def songs(self):
        for line in self.command("stats").splitlines():
            if line.startswith("songs:"):
                return int(line.split(":")[1])
        return 0

    def search(self, term):
        t0 = time.perf_counter()
        quoted = term.replace("\\", "\\\\").replace('"', '\\"')
        self.command(f'search any "{quoted}" window 0:{FIND_LIMIT}')
        return time.perf_counter() - t0

    def stop(self):
        self.conn.close()
        self.proc.terminate()
        self.proc.wait(60)


def mpd_library(tree, count, env, work):
    timeout = max(120, count / 50)
    mpd = MPD(tree, env, work)
    try:
        empty = vm_rss(mpd.proc.pid)
        cpu0 = cpu_seconds(mpd.proc.pid)
        scan = mpd.update(timeout)
        scan_cpu = cpu_seconds(mpd.proc.pid) - cpu0
        songs = mpd.songs()
        if songs != count:
            print(f"bench: mpd's database holds {songs} songs of the tree's {count}", file=sys.stderr)
        rescans = [mpd.update(timeout) for _ in range(3)]
        times = find_latencies(mpd.search)
        return {"scan": count / scan, "scan_cpu": count / max(scan_cpu, 0.01), "rescan": statistics.median(rescans), "find_p50": statistics.median(times),
                "find_p95": percentile(times, 95), "rss_added": vm_rss(mpd.proc.pid) - empty}
    finally:
        mpd.stop()


def cmus_library(tree, count, env, work):
    """Seconds from `add -l TREE` until cmus's library holds the tree, and the RSS it added; None
    when cmus would not start."""
    home = tempfile.mkdtemp(prefix="library-cmus-", dir=work)
    conf = os.path.join(home, ".config", "cmus")
    os.makedirs(conf)
    with open(os.path.join(conf, "rc"), "w") as out:
        out.write("set mpris=false\n")  # no D-Bus here: without it cmus stops at a prompt
    sock = os.path.join(home, "cmus.sock")
    cenv = dict(env, HOME=home)
    tmux = ["tmux", "-L", f"segue-bench-cmus-{os.getpid()}", "-f", "/dev/null"]
    subprocess.run(tmux + ["new-session", "-d", "-x", "120", "-y", "40", f"exec cmus --listen {shlex.quote(sock)}"],
                   env=cenv, check=True)
    remote = ["cmus-remote", "--server", sock]
    try:
        deadline = time.perf_counter() + 10
        while not os.path.exists(sock):
            if time.perf_counter() > deadline:
                return None
            time.sleep(0.05)
        pid = int(subprocess.run(tmux + ["list-panes", "-F", "#{pane_pid}"], env=cenv, capture_output=True,
                                 text=True).stdout.split()[0])
        time.sleep(0.5)
        empty = vm_rss(pid)

        def library_size():
            """Files in the library, or None while cmus is still adding (it refuses to save then)."""
            out = subprocess.run(remote + ["-C", "save -l -"], env=cenv, capture_output=True, timeout=60)
            if out.stdout.startswith(b"Error:"):
                return None
            return out.stdout.count(b"\n")

        cpu0 = cpu_seconds(pid)
        t0 = time.perf_counter()
        subprocess.run(remote + ["-C", f"add -l {tree}"], env=cenv, check=True, timeout=60)
        size, last_change, done = 0, t0, None
        limit = t0 + max(120, count / 50)
        while time.perf_counter() < limit:
            now = library_size()
            at = time.perf_counter()
            if now is not None and now != size:
                size, last_change = now, at
            # Done when the whole tree is in, or when cmus has stopped adding and the count holds.
            if now is not None and (size >= count or (size > 0 and at - last_change > 2)):
                done = at if size >= count else last_change
                break
            time.sleep(0.05)
        if done is None:
            return None
        if size != count:
            print(f"bench: cmus's library holds {size} files of the tree's {count}", file=sys.stderr)
        return {"scan": size / (done - t0), "scan_cpu": size / max(cpu_seconds(pid) - cpu0, 0.01), "rss_added": vm_rss(pid) - empty}
    finally:
        subprocess.run(tmux + ["kill-server"], env=cenv, stderr=subprocess.DEVNULL)


def compare(fig, count, mpd, cmus, row):
    """The side-by-side rows: `row(what, segue, other, name, unit, lower_is_better)`."""
    label = f"library {count:,}"

    def have(name):
        return f"{label}: {name}" in fig

    def value(name):
        return fig[f"{label}: {name}"][0]

    if have("first scan"):
        row(f"{label}: first scan", value("first scan"), mpd["scan"], "mpd", "files/s", False)
        if cmus:
            row(f"{label}: first scan", value("first scan"), cmus["scan"], "cmus", "files/s", False)
    if have("first scan per CPU second"):
        row(f"{label}: scan per CPU s", value("first scan per CPU second"), mpd["scan_cpu"], "mpd", "files/cpu-s", False)
        if cmus:
            row(f"{label}: scan per CPU s", value("first scan per CPU second"), cmus["scan_cpu"], "cmus", "files/cpu-s", False)
    if have("rescan, nothing changed"):
        row(f"{label}: rescan unchanged", value("rescan, nothing changed"), mpd["rescan"], "mpd", "s", True)
    if have("find per keystroke p95"):
        row(f"{label}: find p50", value("find per keystroke p50"), mpd["find_p50"], "mpd search", "ms", True)
        row(f"{label}: find p95", value("find per keystroke p95"), mpd["find_p95"], "mpd search", "ms", True)
    if have("daemon RSS added by the scan"):
        row(f"{label}: RSS added", value("daemon RSS added by the scan"), mpd["rss_added"], "mpd", "MB", True)
        if cmus:
            row(f"{label}: RSS added", value("daemon RSS added by the scan"), cmus["rss_added"], "cmus", "MB", True)


def goals(fig, count):
    """The issue's goals, each with this run's figure and met / missed."""
    label = f"library {count:,}"
    lines = [f"\nlibrary goals ({count:,} files; the rescan goal is for 10,000, the search goal for 100,000):"]

    def check(text, name, ok):
        key = f"{label}: {name}"
        if key in fig:
            v, unit, _ = fig[key]
            lines.append(f"  {text:44} {v:10.2f} {unit:8} {'met' if ok(v) else 'MISSED'}")
        else:
            lines.append(f"  {text:44} {'not measured':>10}")

    scale = count / 10000
    check(">= 2,000 files/s first scan (warm cache)", "first scan", lambda v: v >= GOALS["scan"])
    check(f"rescan <= {GOALS['rescan_10k'] * scale:g} s (1 s per 10,000 files)", "rescan, nothing changed",
          lambda v: v <= GOALS["rescan_10k"] * scale)
    check("find p95 <= 10 ms", "find per keystroke p95", lambda v: v <= GOALS["find_p95_100k"])
    check("library adds <= 10 MB RSS (after the scan)", "daemon RSS added by the scan", lambda v: v <= GOALS["rss_mb"])
    check("library adds <= 10 MB RSS (after rescans)", "daemon RSS added, after rescans and finds", lambda v: v <= GOALS["rss_mb"])
    check("library adds <= 10 MB RSS (restarted on it)", "daemon RSS added, restarted on it", lambda v: v <= GOALS["rss_mb"])
    return lines
