#!/usr/bin/env bash
# Makes the audio fixtures the tests and benchmarks use, into DIR (default: .build/fixtures).
# Generated, never committed: sox makes the signals, lame and ffmpeg encode them.
# sox runs with -R: without it sox dithers from a random seed, so each run made different bytes
# and a test could pass on one set of fixtures and fail on the next.
# Left and right carry different tones so that a channel swap shows.
set -euo pipefail
dir=${1:-.build/fixtures}
# The stamp is the checksum of this script and the drum generator: editing either remakes the fixtures.
drums=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/drums.py
stamp=$(cat "${BASH_SOURCE[0]}" "$drums" | sha1sum)
mkdir -p "$dir"
cd "$dir"
[ "$(cat .complete 2>/dev/null)" = "$stamp" ] && exit 0

aac() { ffmpeg -nostdin -loglevel error -y "$@"; }
tags=(-metadata title="Tone A" -metadata artist="Test Artist" -metadata album="Test Album" -metadata track="3/12")

sox -R -n -r 44100 -c 2 -b 16 tone.wav synth 5 sine 440 sine 660 vol 0.5
sox -R -n -r 48000 -c 2 -b 16 tone-48k.wav synth 5 sine 440 sine 660 vol 0.5
sox -R -n -r 44100 -c 1 -b 16 tone-mono.wav synth 5 sine 440 vol 0.5
sox -R -n -r 44100 -c 2 -b 16 tone30.wav synth 30 sine 440 sine 660 vol 0.5

lame --quiet -b 192 --tt "Tone A" --ta "Test Artist" --tl "Test Album" --tn 3/12 tone.wav tone.mp3
lame --quiet -V 2 tone.wav tone-vbr.mp3
lame --quiet -b 128 tone-48k.wav tone-48k.mp3
lame --quiet -b 96 -m m tone-mono.wav tone-mono.mp3
lame --quiet -b 192 tone30.wav tone30.mp3

# -aac_pns 0: no perceptual noise substitution, so FAAD2 and ffmpeg agree to about 1 LSB.
aac -i tone.wav -c:a aac -b:a 256k -aac_pns 0 "${tags[@]}" tone.m4a                     # moov at the end
aac -i tone.wav -c:a aac -b:a 256k -aac_pns 0 "${tags[@]}" -movflags +faststart tone-fs.m4a
aac -i tone-48k.wav -c:a aac -b:a 192k -aac_pns 0 -movflags +faststart tone-48k.m4a
aac -i tone-mono.wav -c:a aac -b:a 128k -aac_pns 0 -movflags +faststart tone-mono.m4a
aac -i tone.wav -c:a aac -b:a 256k -aac_pns 0 -f adts tone.aac
# Preview-shaped: 30 s, AAC-LC 256 kb/s, 44.1 kHz stereo, moov first, tagged.
aac -i tone30.wav -c:a aac -b:a 256k -aac_pns 0 -movflags +faststart \
    -metadata title="Preview Tone" -metadata artist="Test Artist" -metadata album="Test Album" preview.m4a

# libsndfile's formats (Sources/Decoders/SndfileDecoder.swift). Opus is always 48 kHz, so it is made
# from tone-48k.wav. -fflags +bitexact keeps ffmpeg's version string out of the bytes.
aac -i tone.wav -c:a flac -fflags +bitexact "${tags[@]}" tone.flac
aac -i tone.wav -c:a libvorbis -q:a 5 -fflags +bitexact "${tags[@]}" tone.ogg
aac -i tone-48k.wav -c:a libopus -b:a 128k -fflags +bitexact "${tags[@]}" tone.opus
sox -R tone.wav tone.aiff

# Three consecutive slices of tone.wav, cut off the codec frame grid (75000 + 70000 + 75500 =
# 220500 frames), each encoded on its own: played in a queue they must give back tone.wav.
sox -R tone.wav slice1.wav trim 0 75000s
sox -R tone.wav slice2.wav trim 75000s 70000s
sox -R tone.wav slice3.wav trim 145000s
for i in 1 2 3; do
  lame --quiet -b 192 slice$i.wav slice$i.mp3
  aac -i slice$i.wav -c:a aac -b:a 256k -aac_pns 0 -movflags +faststart slice$i.m4a
done
aac -i slice1.wav -c:a flac -fflags +bitexact slice1.flac

# Broken inputs.
: > empty.mp3
head -c 4000 /dev/urandom > noise.bin
printf 'This is a text file, not audio.\n' > notes.txt
head -c 20000 tone.mp3 > truncated.mp3
head -c 30000 tone-fs.m4a > truncated.m4a
head -c 40000 tone.flac > truncated.flac   # audio cut off after about a second
head -c 60 tone.opus > truncated.opus      # cut inside the header pages
python3 - <<'PY'
data = bytearray(open("tone-fs.m4a", "rb").read())
# Damage the middle of mdat (audio payload), keep the boxes intact.
for i in range(len(data) // 2, len(data) // 2 + 3000, 7):
    data[i] ^= 0x5A
open("corrupt.m4a", "wb").write(data)
mp3 = bytearray(open("tone.mp3", "rb").read())
for i in range(len(mp3) // 2, len(mp3) // 2 + 3000, 5):
    mp3[i] ^= 0xFF
open("corrupt.mp3", "wb").write(mp3)
# FLAC whose STREAMINFO is overwritten with noise: the header itself is damaged.
flac = bytearray(open("tone.flac", "rb").read())
for i in range(8, 42):
    flac[i] = (i * 37 + 11) & 0xFF
open("corrupt.flac", "wb").write(flac)
PY
# The tempo suite (Tests/TempoTests, scripts/bench.py): 36 drum loops of 30 s, four styles at
# 36 tempos from 90 to 177.5 BPM, with 0, 3 or 6 ms of timing jitter, alternately MP3 and M4A.
# manifest.tsv: file, true BPM, style, jitter in ms.
mkdir -p tempo
styles=(rock four halftime syncopated)
: > tempo/manifest.tsv
for i in 0 1 2 3 4 5 6 7 8; do
  for k in 0 1 2 3; do
    n=$((i * 4 + k))
    bpm=$(python3 -c "print(90 + $n * 2.5)")
    jitter=$(((i + k) % 3 * 3))
    style=${styles[$k]}
    name=$(printf '%02d-%s-%s' "$n" "$style" "$bpm")
    python3 "$drums" --style "$style" --bpm "$bpm" --jitter-ms "$jitter" --seed "$n" tempo/clip.wav
    if [ $((n % 2)) = 0 ]; then
      lame --quiet -b 128 tempo/clip.wav "tempo/$name.mp3"; file=$name.mp3
    else
      aac -i tempo/clip.wav -c:a aac -b:a 128k -movflags +faststart "tempo/$name.m4a"; file=$name.m4a
    fi
    printf '%s\t%s\t%s\t%s\n' "$file" "$bpm" "$style" "$jitter" >> tempo/manifest.tsv
  done
done
# The octave trap at a running cadence, and the same loop tagged 128 BPM (TBPM, MP4 tmpo): the tag must win.
python3 "$drums" --style halftime --bpm 170 --jitter-ms 3 --seed 99 tempo/clip.wav
lame --quiet -b 128 tempo/clip.wav tempo/halftime-170.mp3
lame --quiet -b 128 --tv TBPM=128 tempo/clip.wav tempo/tagged-128.mp3
aac -i tempo/clip.wav -c:a aac -b:a 128k -movflags +faststart -metadata tmpo=128 tempo/tagged-128.m4a
# A tag out of range is ignored (the analysis answers instead).
lame --quiet -b 128 --tv TBPM=0 tempo/clip.wav tempo/tagged-0.mp3
# Silence: decodable, but no tempo.
sox -R -n -r 44100 -c 2 -b 16 tempo/clip.wav trim 0 10
lame --quiet -b 128 tempo/clip.wav tempo/silence.mp3
rm -f tempo/clip.wav
echo "$stamp" > .complete
