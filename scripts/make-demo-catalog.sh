#!/usr/bin/env bash
# Makes Segue's offline demo catalog into DIR (default: Resources/demo): short original pieces
# synthesised with sox (plucked arpeggios over a soft pad, a little reverb), encoded as AAC in M4A
# (ffmpeg) or MP3 (lame), and catalog.json, the iTunes Search API result objects that describe them.
# Artists, albums and songs are invented. The output is committed; run this again after editing it.
# The workout section (albums "Segue Workout: …", genre Fitness & Workout) is 30-s tracks, like
# previews, at known tempos from 80 to 180 BPM: drum loops from scripts/drums.py in four styles
# under a chord pad and an arpeggio, mono and at a low bitrate to keep the repository small, the
# tempo in the title and in a BPM tag (TBPM, MP4 tmpo); they let workout mode run offline.
# Ids live in 9000000001…9000000999, far from real iTunes ids (workout: artists 9000000011…,
# albums 9000000151…, tracks 9000000301…). previewUrl is "demo:audio/<file>",
# which the app resolves against the installed demo folder (DemoCatalogTransport.resolve).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dir=${1:-Resources/demo}
for tool in sox lame ffmpeg ffprobe python3; do
  command -v "$tool" > /dev/null || { echo "make-demo-catalog.sh: $tool is missing" >&2; exit 1; }
done
mkdir -p "$dir/audio"
rm -f "$dir"/audio/*.m4a "$dir"/audio/*.mp3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

DEMO_DIR=$dir WORK=$work DRUMS=scripts/drums.py python3 - <<'PY'
import json, math, os, subprocess, unicodedata, urllib.parse

DEMO = os.environ["DEMO_DIR"]
WORK = os.environ["WORK"]
DRUMS = os.environ["DRUMS"]

def run(*args):
    subprocess.run(args, check=True)

# ---------------------------------------------------------------- the catalog
VARIOUS = (9000000099, "Various Artists")
ARTISTS = [
    # id, name, genre, genre id
    (9000000001, "Ólafur Brekkan", "New Age", 13),
    (9000000002, "The Paper Lanterns", "Alternative", 20),
    (9000000003, "Hoshizora Trio", "J-Pop", 27),
    (9000000004, "Nadia Ferreira-Lund", "Singer/Songwriter", 10),
]
ARTIST = {a[0]: a for a in ARTISTS}

# Each album: its music (root MIDI note, scale, tempo, pad waveform, arpeggio step in beats) and
# its songs: (track id, title, censored title or None, artist id, progression in scale degrees,
# arpeggio pattern in chord tones, seconds).
MAJOR = [0, 2, 4, 5, 7, 9, 11]
MINOR = [0, 2, 3, 5, 7, 8, 10]
ALBUMS = [
    dict(id=9000000101, name="Norðurljós", artist=9000000001, genre="New Age", date="2023-01-20",
         price=9.99, copyright="℗ 2023 Brekkan Records", fmt="m4a",
         root=62, scale=MAJOR, bpm=72, pad="sine", step=0.5, reverb=80,
         songs=[(9000000201, "Fyrsti snjór", None, 9000000001, [0, 4, 5, 3], [0, 1, 2, 3, 2, 1, 2, 1], 10.0),
                (9000000202, "Harbour Lights", None, 9000000001, [5, 3, 0, 4], [0, 2, 1, 2, 3, 2, 1, 2], 10.5),
                (9000000203, "Vetrarbraut", None, 9000000001, [0, 2, 3, 4], [2, 1, 0, 1, 2, 3, 2, 1], 9.5),
                (9000000204, "Sólstöður", None, 9000000001, [3, 0, 4, 5], [0, 1, 2, 1, 3, 1, 2, 1], 11.0),
                (9000000205, "The Long Fjord", None, 9000000001, [0, 5, 1, 4], [0, 2, 3, 2, 1, 2, 3, 2], 12.0)]),
    dict(id=9000000102, name="Streetlight Sonatas", artist=9000000002, genre="Alternative", date="2022-09-02",
         price=7.99, copyright="℗ 2022 Paper Lanterns Music", fmt="mp3",
         root=67, scale=MAJOR, bpm=112, pad="triangle", step=0.5, reverb=30,
         songs=[(9000000211, "Copper Tram", None, 9000000002, [0, 3, 4, 0], [0, 1, 2, 1, 3, 2, 1, 2], 9.0),
                (9000000212, "Umbrella Weather", None, 9000000002, [5, 3, 0, 4], [0, 2, 1, 3, 0, 2, 1, 3], 10.0),
                (9000000213, "Nine O'Clock Bakery", None, 9000000002, [0, 1, 4, 0], [2, 1, 0, 1, 2, 3, 2, 3], 8.5),
                (9000000214, "Streetlight Sonata", None, 9000000002, [0, 5, 3, 4], [0, 1, 2, 3, 2, 1, 0, 1], 11.5)]),
    dict(id=9000000103, name="Kite Season - Single", artist=9000000002, genre="Alternative", date="2024-04-12",
         price=1.29, copyright="℗ 2024 Paper Lanterns Music", fmt="mp3",
         root=69, scale=MAJOR, bpm=126, pad="triangle", step=0.25, reverb=25,
         songs=[(9000000221, "Kite Season", None, 9000000002, [0, 4, 5, 3], [0, 1, 2, 3, 2, 1, 2, 3], 10.0)]),
    dict(id=9000000104, name="夜明けの駅 - EP", artist=9000000003, genre="J-Pop", date="2023-06-30",
         price=4.99, copyright="℗ 2023 Hoshizora Label", fmt="m4a",
         root=64, scale=MINOR, bpm=92, pad="sine", step=0.5, reverb=60,
         songs=[(9000000231, "夜明けの駅", None, 9000000003, [0, 5, 2, 6], [0, 2, 1, 2, 3, 2, 1, 0], 10.5),
                (9000000232, "Tokyo Drizzle", None, 9000000003, [0, 3, 4, 0], [0, 1, 2, 1, 0, 1, 2, 3], 9.0),
                (9000000233, "月の坂道", None, 9000000003, [5, 6, 0, 0], [2, 1, 0, 1, 2, 1, 3, 1], 11.0),
                (9000000234, "Last Train Home", None, 9000000003, [0, 6, 5, 4], [0, 1, 2, 3, 1, 2, 3, 2], 10.0)]),
    dict(id=9000000105, name="Quiet Rooms, Vol. 1", artist=VARIOUS[0], genre="Easy Listening", date="2024-11-08",
         price=6.99, copyright="℗ 2024 Demo Compilations", fmt="mp3",
         root=65, scale=MAJOR, bpm=84, pad="sine", step=0.5, reverb=70,
         songs=[(9000000241, "Lamplight", None, 9000000004, [0, 3, 1, 4], [0, 1, 2, 1, 2, 3, 2, 1], 10.0),
                (9000000242, "Glasshouse", None, 9000000001, [5, 4, 3, 4], [2, 1, 0, 2, 1, 0, 1, 2], 9.5),
                (9000000243, "Paper Boats", "Paper Boats (Radio Edit)", 9000000002, [0, 4, 5, 4],
                 [0, 2, 1, 3, 1, 2, 0, 2], 10.5)]),
]

# The workout section. Each album is one drum style and one artist; its songs rise in tempo, and
# the tempos are spread over the albums so that every workout kind's default cadence (running
# 170 spm, cycling 90 rpm, walking 115, hiit 150, other 120) has fitting songs (within 3 %, or at
# half or double) by several artists. Songs: (track id, title, censored title, artist id,
# progression, arpeggio pattern, seconds, bpm).
WORKOUT_ARTISTS = [
    (9000000011, "The Stride Collective", "Fitness & Workout", 50),
    (9000000012, "Pulse Theory", "Fitness & Workout", 50),
    (9000000013, "Marisol Vega", "Fitness & Workout", 50),
    (9000000014, "Halfstep Union", "Fitness & Workout", 50),
]
ARTIST.update({a[0]: a for a in WORKOUT_ARTISTS})
STYLE_NAMES = {"rock": "Rock", "four": "Four-on-the-Floor", "syncopated": "Syncopated", "halftime": "Half-Time"}
PROGRESSIONS = [[0, 5, 3, 4], [0, 4, 5, 3], [5, 3, 0, 4], [0, 3, 4, 4], [0, 2, 5, 4], [3, 4, 0, 0], [0, 5, 1, 4]]
PATTERNS = [[0, 1, 2, 3, 2, 1, 2, 1], [0, 2, 1, 2, 3, 2, 1, 2], [2, 1, 0, 1, 2, 3, 2, 1], [0, 1, 2, 1, 3, 1, 2, 1]]

def workout_album(album_id, name, artist, style, fmt, root, scale, pad, step, date, songs):
    """An album of the workout section; `songs` are (track id, title, bpm)."""
    label = STYLE_NAMES[style]
    return dict(id=album_id, name=name, artist=artist, genre="Fitness & Workout", date=date, price=7.99,
                copyright=f"℗ {date[:4]} Segue Demo Fitness", fmt=fmt, style=style, root=root, scale=scale,
                pad=pad, step=step,
                songs=[(track_id, f"{title} ({label} Mix, {bpm} BPM)", None, artist,
                        PROGRESSIONS[n % len(PROGRESSIONS)], PATTERNS[n % len(PATTERNS)], 30.0, bpm)
                       for n, (track_id, title, bpm) in enumerate(songs)])

WORKOUT_ALBUMS = [
    workout_album(9000000151, "Segue Workout: Tempo Run", 9000000011, "rock", "mp3", 64, MINOR, "triangle", 0.5,
                  "2025-03-07", [(9000000301, "First Mile", 85), (9000000302, "Easy Pace", 100),
                                 (9000000303, "Park Loop", 114), (9000000304, "Threshold", 146),
                                 (9000000305, "Second Wind", 160), (9000000306, "Red Line", 174),
                                 (9000000307, "Final Kick", 178)]),
    workout_album(9000000152, "Segue Workout: Spin Class", 9000000012, "four", "m4a", 62, MINOR, "sine", 0.5,
                  "2025-04-18", [(9000000311, "Warm Up", 89), (9000000312, "Cadence", 105),
                                 (9000000313, "Neon Commute", 118), (9000000314, "The Climb", 140),
                                 (9000000315, "Sprint Lights", 148), (9000000316, "High Gear", 166),
                                 (9000000317, "Out of the Saddle", 180)]),
    workout_album(9000000153, "Segue Workout: Intervals", 9000000013, "syncopated", "mp3", 67, MAJOR, "triangle", 0.5,
                  "2025-05-23", [(9000000321, "Pasos", 87), (9000000322, "Calle Larga", 112),
                                 (9000000323, "Contratiempo", 122), (9000000324, "Ritmo Alto", 128),
                                 (9000000325, "Intervalo", 150), (9000000326, "Sin Freno", 154),
                                 (9000000327, "Última Vuelta", 176)]),
    workout_album(9000000154, "Segue Workout: Long Haul", 9000000014, "halftime", "m4a", 60, MAJOR, "sine", 1.0,
                  "2025-06-27", [(9000000331, "Slow Burn", 80), (9000000332, "Heavy Legs", 91),
                                 (9000000333, "Long Haul", 116), (9000000334, "Steady State", 120),
                                 (9000000335, "Switchback", 135), (9000000336, "Grind", 152),
                                 (9000000337, "Night Run", 170)]),
]

def slug(text):
    plain = unicodedata.normalize("NFKD", text.lower())
    out, dash = "", False
    for ch in plain:
        if unicodedata.combining(ch):
            continue
        if ch.isalnum():
            out += ch if ch.isascii() else urllib.parse.quote(ch)
            dash = False
        elif out and not dash:
            out += "-"
            dash = True
    return out.strip("-") or "item"

def file_name(track_id, title, fmt):
    """An ASCII file name: the id, then the title's ASCII letters (none for a CJK title)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", title) if c.isascii())
    words = slug(plain).replace("%", "")[:32].strip("-")
    return f"{track_id}-{words}.{fmt}" if words and words != "item" else f"{track_id}.{fmt}"

# ---------------------------------------------------------------- the music
def freq(midi):
    return 440.0 * 2 ** ((midi - 69) / 12)

def chord(album, degree):
    """The triad on `degree` of the album's scale, as MIDI notes."""
    scale, root = album["scale"], album["root"]
    notes = []
    for k in (0, 2, 4, 7):  # root, third, fifth, and the root an octave up
        d = degree + k
        notes.append(root + 12 * (d // 7) + scale[d % 7])
    return notes

def synthesise(album, song, wav):
    _, title, _, _, progression, pattern, seconds = song
    beat = 60.0 / album["bpm"]
    bar = 4 * beat
    step = album["step"] * beat
    # The arpeggio and the bass: one plucked note per channel, each delayed to its start.
    tones, delays = [], []
    t, i = 0.0, 0
    while t < seconds - 0.2:
        notes = chord(album, progression[int(t // bar) % len(progression)])
        tones += ["pluck", f"{freq(notes[pattern[i % len(pattern)]]):.2f}"]
        delays.append(f"{t:.3f}")
        if i % int(round(bar / step)) == 0:  # a low root on every bar
            tones += ["pluck", f"{freq(notes[0] - 24):.2f}"]
            delays.append(f"{t:.3f}")
        t += step
        i += 1
    arp = f"{WORK}/arp.wav"
    run("sox", "-r", "44100", "-c", str(len(delays)), "-n", arp, "synth", f"{bar:.3f}", *tones,
        "delay", *delays, "remix", "-", "trim", "0", f"{seconds:.3f}")
    # The pad: one soft chord per bar, faded in and out.
    parts, t, n = [], 0.0, 0
    while t < seconds:
        length = min(bar, seconds - t)
        notes = chord(album, progression[n % len(progression)])
        part = f"{WORK}/pad{n}.wav"
        wave = album["pad"]
        run("sox", "-r", "44100", "-c", "3", "-n", part, "synth", f"{length:.3f}",
            wave, f"{freq(notes[0] - 12):.2f}", wave, f"{freq(notes[1]):.2f}", wave, f"{freq(notes[2]):.2f}",
            "remix", "-", "fade", "t", f"{min(0.4, length / 3):.3f}", f"{length:.3f}", f"{min(0.5, length / 3):.3f}")
        parts.append(part)
        t += bar
        n += 1
    pad = f"{WORK}/pad.wav"
    run("sox", *parts, pad)
    run("sox", "-m", "-v", "1.0", arp, "-v", "0.35", pad, "-c", "2", wav,
        "reverb", str(album["reverb"]), "50", "90",
        "fade", "t", "0.05", f"{seconds:.3f}", "1.5", "norm", "-3")

RATE = 44100

def sox(*args):
    """sox in repeatable mode: its dither is seeded the same every run, so the output is too."""
    run("sox", "-R", *args)

def synthesise_workout(album, song, wav):
    """A drum loop at the song's tempo (scripts/drums.py) under a chord pad and an arpeggio, one
    chord a bar, as mono WAV. Bars are whole samples long, so the music keeps time with the drums."""
    track_id, _, _, _, progression, pattern, seconds, bpm = song
    drums = f"{WORK}/drums.wav"
    run("python3", DRUMS, "--style", album["style"], "--bpm", str(bpm), "--seconds", f"{seconds}",
        "--jitter-ms", "2", "--seed", str(track_id % 1000), "--no-pad", drums)
    bar = round(4 * 60.0 / bpm * RATE)
    notes_per_bar = round(4 / album["step"])
    wave = album["pad"]
    bars = {}
    for degree in sorted(set(progression)):
        notes = chord(album, degree)
        tones, delays = [], []
        for i in range(notes_per_bar):
            tones += ["pluck", f"{freq(notes[pattern[i % len(pattern)]]):.2f}"]
            delays.append(f"{round(i * bar / notes_per_bar)}s")
        tones += ["pluck", f"{freq(notes[0] - 24):.2f}"]  # a low root on the bar's first beat
        delays.append("0s")
        arp, pad, both = f"{WORK}/arp{degree}.wav", f"{WORK}/pad{degree}.wav", f"{WORK}/bar{degree}.wav"
        sox("-r", str(RATE), "-c", str(len(delays)), "-n", arp, "synth", f"{bar}s", *tones,
            "delay", *delays, "remix", "-", "trim", "0", f"{bar}s", "fade", "t", "0", f"{bar}s", "0.01")
        sox("-r", str(RATE), "-c", "3", "-n", pad, "synth", f"{bar}s",
            wave, f"{freq(notes[0] - 12):.2f}", wave, f"{freq(notes[1]):.2f}", wave, f"{freq(notes[2]):.2f}",
            "remix", "-", "fade", "t", "0.15", f"{bar}s", "0.2")
        sox("-m", "-v", "0.6", arp, "-v", "0.4", pad, both)
        bars[degree] = both
    count = math.ceil(seconds * RATE / bar)
    joined, music = f"{WORK}/joined.wav", f"{WORK}/music.wav"
    sox(*[bars[progression[n % len(progression)]] for n in range(count)], joined)
    sox(joined, music, "trim", "0", f"{round(seconds * RATE)}s")
    mono = f"{WORK}/drums-mono.wav"
    sox(drums, mono, "remix", "1")  # the channels are the same
    sox("-m", "-v", "0.8", mono, "-v", "0.7", music, wav, "reverb", "15", "50", "40",
        "fade", "t", "0.02", f"{seconds:.3f}", "1.5", "norm", "-1")

def encode(album, song, number, count, wav, path):
    title, artist = song[1], ARTIST[song[3]][1]
    if "style" in album:  # the workout section: mono, a low bitrate, and the tempo as a tag
        bpm = str(song[7])
        if album["fmt"] == "m4a":
            run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", wav, "-ac", "1", "-c:a", "aac", "-b:a", "40k",
                "-movflags", "+faststart", "-metadata", f"title={title}", "-metadata", f"artist={artist}",
                "-metadata", f"album={album['name']}", "-metadata", f"track={number}/{count}",
                "-metadata", f"tmpo={bpm}", path)
        else:
            # ABR, not CBR: a 40 kbps mono CBR frame is too small for LAME's gapless (Xing/Info)
            # tag, and without it decoders play 41 ms of encoder padding at the end.
            run("lame", "--quiet", "-m", "m", "--abr", "40", "--resample", "44.1", "--id3v2-only", "--id3v2-utf16",
                "--tt", title, "--ta", artist, "--tl", album["name"], "--tn", f"{number}/{count}",
                "--tv", f"TBPM={bpm}", wav, path)
        return
    if album["fmt"] == "m4a":
        run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", wav, "-c:a", "aac", "-b:a", "96k",
            "-movflags", "+faststart", "-metadata", f"title={title}", "-metadata", f"artist={artist}",
            "-metadata", f"album={album['name']}", "-metadata", f"track={number}/{count}", path)
    else:
        run("lame", "--quiet", "-b", "96", "--id3v2-only", "--id3v2-utf16", "--tt", title, "--ta", artist,
            "--tl", album["name"], "--tn", f"{number}/{count}", wav, path)

def millis(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path],
                         check=True, capture_output=True, text=True).stdout
    return int(round(float(out.strip()) * 1000))

# ---------------------------------------------------------------- the JSON
def artist_url(artist_id, name):
    return f"https://music.apple.com/us/artist/{slug(name)}/{artist_id}?uo=4"

def artwork(album, size):
    return f"https://example.invalid/segue-demo/{album['id']}/{slug(album['name'])}.jpg/{size}x{size}bb.jpg"

results = []
for artist_id, name, genre, genre_id in ARTISTS:
    results.append({"wrapperType": "artist", "artistType": "Artist", "artistName": name,
                    "artistLinkUrl": artist_url(artist_id, name), "artistId": artist_id,
                    "primaryGenreName": genre, "primaryGenreId": genre_id})

def add_album(album):
    various = album["artist"] == VARIOUS[0]
    album_artist = VARIOUS[1] if various else ARTIST[album["artist"]][1]
    count = len(album["songs"])
    collection = {"wrapperType": "collection", "collectionType": "Album", "artistId": album["artist"],
                  "collectionId": album["id"], "artistName": album_artist, "collectionName": album["name"],
                  "collectionCensoredName": album["name"]}
    if not various:
        collection["artistViewUrl"] = artist_url(album["artist"], album_artist)
    collection.update({
        "collectionViewUrl": f"https://music.apple.com/us/album/{slug(album['name'])}/{album['id']}?uo=4",
        "artworkUrl60": artwork(album, 60), "artworkUrl100": artwork(album, 100),
        "collectionPrice": album["price"], "collectionExplicitness": "notExplicit", "trackCount": count,
        "copyright": album["copyright"], "country": "USA", "currency": "USD",
        "releaseDate": album["date"] + "T07:00:00Z", "primaryGenreName": album["genre"]})
    results.append(collection)
    for number, song in enumerate(album["songs"], start=1):
        track_id, title, censored, artist_id, *_ = song
        name = file_name(track_id, title, album["fmt"])
        wav = f"{WORK}/song.wav"
        (synthesise_workout if "style" in album else synthesise)(album, song, wav)
        path = f"{DEMO}/audio/{name}"
        encode(album, song, number, count, wav, path)
        view = f"https://music.apple.com/us/album/{slug(title)}/{album['id']}?i={track_id}&uo=4"
        track = {"wrapperType": "track", "kind": "song", "artistId": artist_id, "collectionId": album["id"],
                 "trackId": track_id, "artistName": ARTIST[artist_id][1], "collectionName": album["name"],
                 "trackName": title, "collectionCensoredName": album["name"], "trackCensoredName": censored or title}
        if various:
            track.update({"collectionArtistId": VARIOUS[0], "collectionArtistName": VARIOUS[1]})
        track.update({
            "artistViewUrl": artist_url(artist_id, ARTIST[artist_id][1]), "collectionViewUrl": view,
            "trackViewUrl": view, "previewUrl": f"demo:audio/{name}",
            "artworkUrl30": artwork(album, 30), "artworkUrl60": artwork(album, 60),
            "artworkUrl100": artwork(album, 100), "collectionPrice": album["price"], "trackPrice": 1.29,
            "releaseDate": album["date"] + "T12:00:00Z", "collectionExplicitness": "notExplicit",
            "trackExplicitness": "notExplicit", "discCount": 1, "discNumber": 1, "trackCount": count,
            "trackNumber": number, "trackTimeMillis": millis(path), "country": "USA", "currency": "USD",
            "primaryGenreName": album["genre"], "isStreamable": True})
        results.append(track)
        print(f"{name}: {track['trackTimeMillis']} ms, {os.path.getsize(path)} bytes")

for album in ALBUMS:
    add_album(album)

# The workout section after the rest, so the older entries keep their places and bytes.
for artist_id, name, genre, genre_id in WORKOUT_ARTISTS:
    results.append({"wrapperType": "artist", "artistType": "Artist", "artistName": name,
                    "artistLinkUrl": artist_url(artist_id, name), "artistId": artist_id,
                    "primaryGenreName": genre, "primaryGenreId": genre_id})
for album in WORKOUT_ALBUMS:
    add_album(album)

# Written the way the service writes its objects: ", " between members, a line break before previewUrl.
lines = [json.dumps(r, ensure_ascii=False, separators=(", ", ":")).replace(', "previewUrl"', ', \n"previewUrl"')
         for r in results]
with open(f"{DEMO}/catalog.json", "w", encoding="utf-8") as out:
    out.write("[\n" + ",\n".join(lines) + "\n]\n")
PY
du -sh "$dir"
