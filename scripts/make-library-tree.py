#!/usr/bin/env python3
"""make-library-tree.py DIR COUNT: a music library of COUNT tagged files for make bench (issue 13).

A handful of tiny real seeds are encoded once (sox, lame, ffmpeg: MP3, FLAC, M4A, Ogg Vorbis,
Opus); every file of the tree is then a seed's audio with tags of its own written here, in
Python, so 100,000 files take seconds rather than 100,000 encoder runs:

* MP3: an ID3v2.4 tag (UTF-8 text frames TIT2 TPE1 TPE2 TALB TCON TRCK TPOS TDRC TBPM, TCMP
  for compilations, APIC on one file in ten) before lame's frames (which carry a Xing/Info frame).
* FLAC: the seed's STREAMINFO (and SEEKTABLE), then a new VORBIS_COMMENT block (and a PICTURE
  block on one file in ten) before its frames.
* M4A: ffmpeg's file (moov after mdat) with the moov's udta/meta/ilst replaced (©nam ©ART aART
  ©alb ©gen ©day trkn disk tmpo cpil, covr on one file in ten); mdat does not move, so no chunk
  offset changes.
* Ogg Vorbis and Opus: the comment packet rewritten, its pages laid out again and their CRCs
  recomputed (the pages after it renumbered when their count changes).

Artists hold albums of 8-14 tracks (some on two discs; some compilations under "Various
Artists"), in DIR/Artist/Album (Year)/NN Title.ext; about one name in eight is not ASCII. One
album is one format: about 60 % MP3, 22 % FLAC, 10 % M4A, 5 % Ogg Vorbis, 3 % Opus. Every run
with the same COUNT makes the same tags (a fixed random seed).

The tree is cached: DIR.complete records this script's checksum and COUNT, and a second run with
both unchanged does nothing. Prints one line: the file count and where the tree is.
"""
import hashlib, os, random, shutil, struct, subprocess, sys, tempfile

# Words for titles and names; a few with diacritics and in other scripts, so search meets them.
WORDS = """
love night river blue dream fire heart city light rain shadow summer winter golden silver
electric midnight morning ocean desert storm wild young lost home road echo crystal velvet
stone glass paper neon broken sweet bitter hollow distant quiet thunder falling rising dancing
running burning waiting secret silent endless northern southern eastern western garden island
mountain valley forest highway station harbor window mirror letter picture memory journey
wonder fever honey sugar cherry orange violet scarlet emerald ivory shadowland starlight
moonlight daylight twilight horizon satellite radio signal machine engine motor circuit
pulse rhythm tempo groove soul blues jazz funk disco house techno trance ambient drift
wave tide current flow stream spark flame ember ash smoke dust sand salt sea sky cloud
wind breeze frost snow ice glow shine bright dark deep high low fast slow first last
other every nothing something anything forever never always tonight tomorrow yesterday
angel devil ghost spirit saint sinner stranger lover friend brother sister mother father
king queen prince princess soldier sailor pilot driver dancer singer dreamer runner
café señor über naïve déjà façade fiancée jalapeño smörgåsbord garçon niño año
москва ночь звезда 夜 東京 海 愛 ソウル 서울 안녕
""".split()
FIRST = """Anna Ben Clara David Elena Felix Greta Hugo Iris Jonas Katja Leo Maria Nils Olga Paul
Rosa Sven Tara Ulla Vera Wim Yara Zoe Björn Zoë José Søren Åsa Ólafur Jürgen Chloé""".split()
LAST = """Andersen Berg Castillo Dahl Eriksson Falk Garcia Holm Ivanova Jensen Kowalski Lund
Moreau Novak Ortiz Petrov Quist Rossi Schmidt Tanaka Ueda Vogel Weber Young Zimmermann
Müller Ødegaard Nuñez Dvořák Łukasz""".split()
BANDS = """The {a} {b}s|{a} {b}|{b} of {c}|{a} & the {b}s|{b}{c}|Los {b}s|{a} {b} Club|Die {b}""".split("|")
GENRES = ["Rock", "Pop", "Jazz", "Blues", "Electronic", "Techno", "House", "Ambient", "Folk", "Country",
          "Classical", "Metal", "Punk", "Hip-Hop", "Soul", "Funk", "Disco", "Reggae", "Indie", "Alternative",
          "Soundtrack", "World", "Latin", "R&B", "Trance", "Drum & Bass", "Singer-Songwriter", "Chanson",
          "Krautrock", "Musique concrète"]
FORMATS = [("mp3", 60), ("flac", 22), ("m4a", 10), ("ogg", 5), ("opus", 3)]


def run(*cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_seeds(folder):
    """The encoded seeds' bytes by format, and a small JPEG cover."""
    wav = os.path.join(folder, "seed.wav")
    run("sox", "-R", "-n", "-r", "44100", "-c", "2", "-b", "16", wav, "synth", "1", "sine", "440", "sine", "660", "vol", "0.5")
    paths = {f: os.path.join(folder, "seed." + f) for f in ("mp3", "flac", "m4a", "ogg", "opus")}
    run("lame", "--quiet", "-b", "32", "--resample", "22.05", "-m", "m", wav, paths["mp3"])
    ff = ["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", wav, "-map_metadata", "-1", "-fflags", "+bitexact"]
    run(*ff, "-ac", "1", "-c:a", "flac", paths["flac"])
    run(*ff, "-ac", "1", "-c:a", "aac", "-b:a", "32k", paths["m4a"])  # moov after mdat (no faststart)
    run(*ff, "-ac", "1", "-c:a", "libvorbis", "-q:a", "0", paths["ogg"])
    run(*ff, "-ac", "1", "-c:a", "libopus", "-b:a", "16k", paths["opus"])
    cover = os.path.join(folder, "cover.jpg")
    run("ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=0x3366aa:s=48x48", "-frames:v", "1", cover)
    seeds = {f: open(p, "rb").read() for f, p in paths.items()}
    return seeds, open(cover, "rb").read()


# ---- ID3v2.4 -------------------------------------------------------------------------------

def syncsafe(n):
    return bytes(((n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F))


def id3_frame(fid, body):
    return fid.encode() + syncsafe(len(body)) + b"\0\0" + body


def id3_tag(tags, cover):
    frames = b"".join(id3_frame(fid, b"\x03" + value.encode()) for fid, value in tags)
    if cover:
        frames += id3_frame("APIC", b"\x00image/jpeg\x00\x03\x00" + cover)
    return b"ID3\x04\x00\x00" + syncsafe(len(frames)) + frames


def mp3_file(seed, t, cover):
    fields = [("TIT2", t["title"]), ("TPE1", t["artist"]), ("TPE2", t["albumartist"]), ("TALB", t["album"]),
              ("TCON", t["genre"]), ("TRCK", f"{t['track']}/{t['tracks']}"), ("TPOS", f"{t['disc']}/{t['discs']}"),
              ("TDRC", str(t["year"]))]
    if t["bpm"]:
        fields.append(("TBPM", str(t["bpm"])))
    if t["compilation"]:
        fields.append(("TCMP", "1"))
    return id3_tag(fields, cover) + seed


# ---- Vorbis comments (FLAC, Ogg Vorbis, Opus) ----------------------------------------------

def comments(t):
    pairs = [("TITLE", t["title"]), ("ARTIST", t["artist"]), ("ALBUMARTIST", t["albumartist"]), ("ALBUM", t["album"]),
             ("GENRE", t["genre"]), ("TRACKNUMBER", str(t["track"])), ("TRACKTOTAL", str(t["tracks"])),
             ("DISCNUMBER", str(t["disc"])), ("DISCTOTAL", str(t["discs"])), ("DATE", str(t["year"]))]
    if t["bpm"]:
        pairs.append(("BPM", str(t["bpm"])))
    if t["compilation"]:
        pairs.append(("COMPILATION", "1"))
    vendor = b"segue make-library-tree"
    out = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(pairs))
    for key, value in pairs:
        entry = f"{key}={value}".encode()
        out += struct.pack("<I", len(entry)) + entry
    return out


def flac_parts(seed):
    """The seed's STREAMINFO and SEEKTABLE blocks (without their headers' last-block flags) and its frames."""
    assert seed[:4] == b"fLaC"
    pos, kept = 4, []
    while True:
        header = seed[pos]
        kind, size = header & 0x7F, int.from_bytes(seed[pos + 1:pos + 4], "big")
        if kind in (0, 3):
            kept.append((kind, seed[pos + 4:pos + 4 + size]))
        pos += 4 + size
        if header & 0x80:
            return kept, seed[pos:]


def flac_block(kind, body, last):
    return bytes([kind | (0x80 if last else 0)]) + len(body).to_bytes(3, "big") + body


def flac_file(parts, t, cover):
    kept, frames = parts
    blocks = list(kept) + [(4, comments(t))]
    if cover:
        mime, desc = b"image/jpeg", b""
        blocks.append((6, struct.pack(">I", 3) + struct.pack(">I", len(mime)) + mime + struct.pack(">I", len(desc)) + desc
                       + struct.pack(">IIII", 48, 48, 24, 0) + struct.pack(">I", len(cover)) + cover))
    return b"fLaC" + b"".join(flac_block(k, b, i == len(blocks) - 1) for i, (k, b) in enumerate(blocks)) + frames


# ---- Ogg ----------------------------------------------------------------------------------

CRC_TABLE = []
for i in range(256):
    r = i << 24
    for _ in range(8):
        r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else (r << 1)
    CRC_TABLE.append(r & 0xFFFFFFFF)


def ogg_crc(data):
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ CRC_TABLE[((crc >> 24) ^ byte) & 0xFF]
    return crc


def ogg_pages(data):
    pos, pages = 0, []
    while pos < len(data):
        assert data[pos:pos + 4] == b"OggS"
        count = data[pos + 26]
        lacing = data[pos + 27:pos + 27 + count]
        start = pos + 27 + count
        end = start + sum(lacing)
        pages.append({"header": data[pos:pos + 27], "lacing": lacing, "body": data[start:end]})
        pos = end
    return pages


def ogg_page(header, lacing, body, sequence):
    page = bytearray(header[:18] + struct.pack("<I", sequence) + b"\0\0\0\0" + bytes([len(lacing)]) + bytes(lacing) + body)
    page[22:26] = struct.pack("<I", ogg_crc(page))
    return bytes(page)


def ogg_parts(seed, header_packets):
    """The seed cut into: its first page, its header packets after the first, and the pages after them."""
    pages = ogg_pages(seed)
    packets, current, index = [], b"", 1
    while len(packets) < header_packets - 1:
        page = pages[index]
        body, offset = page["body"], 0
        for lace in page["lacing"]:
            current += body[offset:offset + lace]
            offset += lace
            if lace < 255:
                packets.append(current)
                current = b""
        index += 1
    return pages[0], packets, pages[index:], pages[1]["header"]


def ogg_file(parts, comment_packet):
    first, packets, rest, template = parts
    packets = [comment_packet] + packets[1:]
    out = [ogg_page(first["header"], first["lacing"], first["body"], 0)]
    # Header packets after the first go on pages of their own (granule 0), at most 255 laces each.
    laces, body = [], b""
    for packet in packets:
        n = len(packet)
        laces += [255] * (n // 255) + [n % 255]
        body += packet
    sequence, offset, continued = 1, 0, False
    while laces:
        chunk, laces = laces[:255], laces[255:]
        size = sum(chunk)
        header = bytearray(template)
        header[5] = 0x01 if continued else 0x00
        header[6:14] = b"\0" * 8
        out.append(ogg_page(bytes(header), chunk, body[offset:offset + size], sequence))
        continued = chunk[-1] == 255
        offset += size
        sequence += 1
    # The pages after the headers keep their bytes unless their sequence numbers move.
    for page in rest:
        old = struct.unpack("<I", page["header"][18:22])[0]
        if old == sequence:
            out.append(page["header"] + bytes(page["lacing"]) + page["body"])  # unchanged: its CRC holds
        else:
            out.append(ogg_page(page["header"], page["lacing"], page["body"], sequence))
        sequence += 1
    return b"".join(out)


def vorbis_comment_packet(t):
    return b"\x03vorbis" + comments(t) + b"\x01"


def opus_comment_packet(t):
    return b"OpusTags" + comments(t)


# ---- MP4 ------------------------------------------------------------------------------------

def atom(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body


def atoms(data):
    pos, out = 0, []
    while pos + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        out.append((kind, data[pos + 8:pos + size]))
        pos += size
    return out


def m4a_parts(seed):
    top = atoms(seed)
    kinds = [k for k, _ in top]
    assert kinds.index(b"moov") > kinds.index(b"mdat"), "the M4A seed must have its moov after mdat"
    moov = dict(top)[b"moov"]
    inner = b"".join(atom(k, b) for k, b in atoms(moov) if k != b"udta")
    before = b"".join(atom(k, b) for k, b in top if k != b"moov")
    return before, inner


def m4a_file(parts, t, cover):
    before, inner = parts

    def text(kind, value):
        return atom(kind, atom(b"data", struct.pack(">II", 1, 0) + value.encode()))

    def binary(kind, payload, flags=0):
        return atom(kind, atom(b"data", struct.pack(">II", flags, 0) + payload))

    items = [text(b"\xa9nam", t["title"]), text(b"\xa9ART", t["artist"]), text(b"aART", t["albumartist"]),
             text(b"\xa9alb", t["album"]), text(b"\xa9gen", t["genre"]), text(b"\xa9day", str(t["year"])),
             binary(b"trkn", struct.pack(">HHHH", 0, t["track"], t["tracks"], 0)),
             binary(b"disk", struct.pack(">HHH", 0, t["disc"], t["discs"]))]
    if t["bpm"]:
        items.append(binary(b"tmpo", struct.pack(">H", t["bpm"]), 21))
    if t["compilation"]:
        items.append(binary(b"cpil", b"\x01", 21))
    if cover:
        items.append(binary(b"covr", cover, 13))
    hdlr = atom(b"hdlr", b"\0" * 8 + b"mdirappl" + b"\0" * 9)
    meta = atom(b"meta", b"\0\0\0\0" + hdlr + atom(b"ilst", b"".join(items)))
    return before + atom(b"moov", inner + atom(b"udta", meta))


# ---- the library ----------------------------------------------------------------------------

def safe(name):
    return name.replace("/", "-").strip(". ") or "Unnamed"


def plan(count):
    """Every file's relative path, format and tags, in a fixed order."""
    rng = random.Random(13)
    weights = [w for _, w in WORDS_WEIGHTS()]

    def words(n):
        return " ".join(rng.choices(WORDS, weights=weights, k=n)).title()

    def artist_name():
        if rng.random() < 0.4:
            return f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        a, b, c = (rng.choices(WORDS, weights=weights)[0].title() for _ in range(3))
        return rng.choice(BANDS).format(a=a, b=b, c=c)

    files, used = [], set()
    while len(files) < count:
        compilation = rng.random() < 0.04
        artist = "Various Artists" if compilation else artist_name()
        for _ in range(rng.randint(1, 5) if not compilation else 1):
            if len(files) >= count:
                break
            album = words(rng.randint(1, 3))
            year = rng.randint(1960, 2026)
            folder = os.path.join(safe(artist), safe(f"{album} ({year})"))
            if folder in used:
                continue
            used.add(folder)
            fmt = rng.choices([f for f, _ in FORMATS], weights=[w for _, w in FORMATS])[0]
            genre = rng.choice(GENRES)
            tracks = rng.randint(8, 14)
            discs = 2 if rng.random() < 0.08 else 1
            for i in range(tracks * discs):
                if len(files) >= count:
                    break
                disc, track = divmod(i, tracks)
                title = words(rng.randint(1, 4))
                t = {"title": title, "artist": artist_name() if compilation else artist, "albumartist": artist,
                     "album": album, "genre": genre, "year": year, "track": track + 1, "tracks": tracks,
                     "disc": disc + 1, "discs": discs, "bpm": rng.randint(70, 180) if rng.random() < 0.6 else None,
                     "compilation": compilation, "cover": rng.random() < 0.1}
                prefix = f"{disc + 1}-{track + 1:02d}" if discs > 1 else f"{track + 1:02d}"
                files.append((os.path.join(folder, safe(f"{prefix} {title}") + "." + fmt), fmt, t))
    return files


def WORDS_WEIGHTS():
    # Zipf-like: a few words are common (a prefix of them matches thousands of songs), most are rare.
    return [(w, 1.0 / (1 + i) ** 0.8) for i, w in enumerate(WORDS)]


def main():
    if len(sys.argv) != 3 or not sys.argv[2].isdigit() or int(sys.argv[2]) < 1:
        sys.exit("usage: make-library-tree.py DIR COUNT")
    target, count = os.path.abspath(sys.argv[1]), int(sys.argv[2])
    stamp = hashlib.sha1(open(__file__, "rb").read()).hexdigest() + f" {count}\n"
    marker = target + ".complete"
    if os.path.isdir(target) and os.path.exists(marker) and open(marker).read() == stamp:
        print(f"{count} files in {target} (cached)")
        return
    if os.path.exists(marker):
        os.remove(marker)
    shutil.rmtree(target, ignore_errors=True)
    building = target + ".partial"
    shutil.rmtree(building, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="library-seeds-") as seeds_dir:
        seeds, cover = make_seeds(seeds_dir)
    flac, m4a = flac_parts(seeds["flac"]), m4a_parts(seeds["m4a"])
    vorbis, opus = ogg_parts(seeds["ogg"], 3), ogg_parts(seeds["opus"], 2)
    made = set()
    for path, fmt, t in plan(count):
        full = os.path.join(building, path)
        folder = os.path.dirname(full)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        picture = cover if t["cover"] else None
        if fmt == "mp3":
            data = mp3_file(seeds["mp3"], t, picture)
        elif fmt == "flac":
            data = flac_file(flac, t, picture)
        elif fmt == "m4a":
            data = m4a_file(m4a, t, picture)
        elif fmt == "ogg":
            data = ogg_file(vorbis, vorbis_comment_packet(t))
        else:
            data = ogg_file(opus, opus_comment_packet(t))
        with open(full, "wb") as out:
            out.write(data)
    os.rename(building, target)
    with open(marker, "w") as out:
        out.write(stamp)
    print(f"{count} files in {target}")


if __name__ == "__main__":
    main()
