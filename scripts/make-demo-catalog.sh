#!/usr/bin/env bash
# Makes Segue's offline demo catalog into DIR (default: Resources/demo): short original pieces
# synthesised with sox (plucked arpeggios over a soft pad, a little reverb), encoded as AAC in M4A
# (ffmpeg) or MP3 (lame), and catalog.json, the iTunes Search API result objects that describe them.
# Artists, albums and songs are invented. The output is committed; run this again after editing it.
# Ids live in 9000000001…9000000999, far from real iTunes ids. previewUrl is "demo:audio/<file>",
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

DEMO_DIR=$dir WORK=$work python3 - <<'PY'
import json, os, subprocess, unicodedata, urllib.parse

DEMO = os.environ["DEMO_DIR"]
WORK = os.environ["WORK"]

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

def encode(album, song, number, count, wav, path):
    title, artist = song[1], ARTIST[song[3]][1]
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

for album in ALBUMS:
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
        synthesise(album, song, wav)
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

# Written the way the service writes its objects: ", " between members, a line break before previewUrl.
lines = [json.dumps(r, ensure_ascii=False, separators=(", ", ":")).replace(', "previewUrl"', ', \n"previewUrl"')
         for r in results]
with open(f"{DEMO}/catalog.json", "w", encoding="utf-8") as out:
    out.write("[\n" + ",\n".join(lines) + "\n]\n")
PY
du -sh "$dir"
