"""A scripted python-mpd (Debian's python3-mpd) session against an MPD server.

Usage: /usr/bin/python3 python_mpd_session.py PORT COVER_FILE

Drives the server the way python programs (and the phone apps it stands for) do: version,
command lists, a second connection parked in idle woken by the first one's edits, noidle,
ids and ranges, and a cover fetched in binary chunks compared byte for byte with COVER_FILE
(the picture embedded in the first song, extracted by ffmpeg). Prints one line per step;
exits 1 with the reason at the first step that does not hold.
"""
import queue
import sys
import threading

import mpd

PORT = int(sys.argv[1])
COVER = open(sys.argv[2], "rb").read()
SONG = "Music/Ångström Ensemble/Café Songs/01 Café Intro.mp3"
TONE = "Music/Long/tone30.mp3"
PREVIEW = "Music/Long/preview.m4a"


# python-mpd 3.0.5 predates binarylimit (MPD 0.22.4): teach it the command.
if not hasattr(mpd.MPDClient, "binarylimit"):
    mpd.MPDClient.add_command("binarylimit", mpd.MPDClient._parse_nothing)


def check(what, condition, detail=""):
    if not condition:
        print(f"FAILED: {what} {detail}", flush=True)
        sys.exit(1)
    print(f"ok: {what}", flush=True)


def connect():
    client = mpd.MPDClient()
    client.timeout = 20
    client.idletimeout = None
    client.connect("127.0.0.1", PORT)
    return client


c = connect()
check("greeting", c.mpd_version == "0.23.5", c.mpd_version)
c.clear()
check("empty queue", c.status()["playlistlength"] == "0", c.status())

# A command list, as python-mpd builds one: every reply in order.
c.command_list_ok_begin()
c.add(TONE)
c.addid(PREVIEW)
c.status()
replies = c.command_list_end()
check("command list replies", len(replies) == 3 and replies[2]["playlistlength"] == "2", replies)
added_id = replies[1]
check("addid in a list gives an id", isinstance(added_id, str) and added_id.isdigit(), replies)
# Segue starts playing when songs are added to an empty queue, mpd does not (docs/mpd.md):
# stop, so what follows starts from the same state on both.
c.stop()
check("stopped after the list", c.status()["state"] == "stop")

# A second connection parked in idle (python-mpd's idle blocks, so it waits on a thread),
# woken by this one's edit.
watcher = connect()


def idle_in_background(*subsystems):
    result = queue.Queue()
    thread = threading.Thread(target=lambda: result.put(watcher.idle(*subsystems)), daemon=True)
    thread.start()
    return result


woken = idle_in_background("playlist", "player")
c.deleteid(added_id)
try:
    changed = woken.get(timeout=10)
except queue.Empty:
    changed = None
check("idle reports the queue edit", changed == ["playlist"], changed)

woken = idle_in_background("player")
c.play(0)
try:
    changed = woken.get(timeout=10)
except queue.Empty:
    changed = None
check("play wakes player idle", changed == ["player"], changed)
status = c.status()
check("playing", status["state"] == "play" and status["song"] == "0", status)
song = c.currentsong()
check("current song", song["file"] == TONE and song["id"] == status["songid"], song)

c.pause(1)
check("paused", c.status()["state"] == "pause")
c.seekcur("10")
elapsed = float(c.status()["elapsed"])
check("seekcur", 9.5 <= elapsed <= 11, elapsed)
c.stop()
check("stopped", c.status()["state"] == "stop")

# A failing command inside a list stops it and says which one.
c.command_list_ok_begin()
c.status()
c.play(99)
c.status()
try:
    c.command_list_end()
    check("a bad index in a list fails", False)
except mpd.CommandError as error:
    check("a bad index in a list fails with its index", "[2@1]" in str(error), str(error))

# Covers in binary chunks: readpicture (embedded picture) and albumart.
c.binarylimit(64)  # MPD's smallest chunk: the 225-byte cover comes in four
picture = c.readpicture(SONG)
check("readpicture bytes", picture.get("binary") == COVER, f"{len(picture.get('binary', b''))} bytes, expected {len(COVER)}")
check("readpicture type", picture.get("type") == "image/jpeg", picture)
art = c.albumart(SONG)
check("albumart bytes", art.get("binary") == COVER, f"{len(art.get('binary', b''))} bytes")
nothing = c.readpicture("Music/Loose/tone.wav")
check("readpicture without a picture is empty", nothing == {} or not nothing.get("binary"), nothing)

c.clear()
watcher.close()
c.close()
print("session complete", flush=True)
