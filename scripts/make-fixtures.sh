#!/usr/bin/env bash
# Makes the audio fixtures the tests and benchmarks use, into DIR (default: .build/fixtures).
# Generated, never committed: sox makes the signals, lame and ffmpeg encode them.
# Left and right carry different tones so that a channel swap shows.
set -euo pipefail
dir=${1:-.build/fixtures}
# The stamp is this script's checksum: editing the script remakes the fixtures.
stamp=$(sha1sum < "${BASH_SOURCE[0]}")
mkdir -p "$dir"
cd "$dir"
[ "$(cat .complete 2>/dev/null)" = "$stamp" ] && exit 0

aac() { ffmpeg -nostdin -loglevel error -y "$@"; }
tags=(-metadata title="Tone A" -metadata artist="Test Artist" -metadata album="Test Album" -metadata track="3/12")

sox -n -r 44100 -c 2 -b 16 tone.wav synth 5 sine 440 sine 660 vol 0.5
sox -n -r 48000 -c 2 -b 16 tone-48k.wav synth 5 sine 440 sine 660 vol 0.5
sox -n -r 44100 -c 1 -b 16 tone-mono.wav synth 5 sine 440 vol 0.5
sox -n -r 44100 -c 2 -b 16 tone30.wav synth 30 sine 440 sine 660 vol 0.5

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

# Three consecutive slices of tone.wav, cut off the codec frame grid (75000 + 70000 + 75500 =
# 220500 frames), each encoded on its own: played in a queue they must give back tone.wav.
sox tone.wav slice1.wav trim 0 75000s
sox tone.wav slice2.wav trim 75000s 70000s
sox tone.wav slice3.wav trim 145000s
for i in 1 2 3; do
  lame --quiet -b 192 slice$i.wav slice$i.mp3
  aac -i slice$i.wav -c:a aac -b:a 256k -aac_pns 0 -movflags +faststart slice$i.m4a
done

# Broken inputs.
: > empty.mp3
head -c 4000 /dev/urandom > noise.bin
printf 'This is a text file, not audio.\n' > notes.txt
head -c 20000 tone.mp3 > truncated.mp3
head -c 30000 tone-fs.m4a > truncated.m4a
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
PY
echo "$stamp" > .complete
