#!/usr/bin/env python3
"""Generate a drum loop of known tempo as a 16-bit stereo WAV (pure Python 3 stdlib).

Used for the tempo fixture suite (scripts/make-fixtures.sh) and the demo catalog's workout
section (scripts/make-demo-catalog.sh). Each drum hit is synthesised once and then mixed in
at its offsets, so a 30-s clip takes well under a second.

Styles (4/4, the beat at --bpm):
  rock        kick on 1 and 3, snare on 2 and 4, eighth-note hi-hats (a rock backbeat)
  four        kick on every beat, open hats on the off-beats, clap on 2 and 4 (four-on-the-floor)
  halftime    kick on 1, snare on 3 only, eighth hats: the groove feels like half the tempo
              (the classic octave trap for tempo estimators); the true tempo is still --bpm
  syncopated  kick on 1, the "and" of 2 and the "e" of 3; snare on 2 and 4; sixteenth hats
              with accents on the eighths

Example:
  scripts/drums.py --style rock --bpm 172 --seconds 30 --jitter-ms 4 --seed 1 rock-172.wav
"""

import argparse
import math
import operator
import random
import sys
import wave
from array import array

STEPS_PER_BAR = 16  # sixteenth notes in a 4/4 bar

# (step in the bar, instrument, velocity) per style.
PATTERNS = {
    "rock": [(0, "kick", 1.0), (8, "kick", 1.0), (4, "snare", 1.0), (12, "snare", 1.0)]
    + [(s, "hat", 0.8 if s % 4 == 0 else 0.55) for s in range(0, 16, 2)],
    "four": [(s, "kick", 1.0) for s in (0, 4, 8, 12)]
    + [(s, "openhat", 0.7) for s in (2, 6, 10, 14)]
    + [(4, "clap", 0.9), (12, "clap", 0.9)],
    "halftime": [(0, "kick", 1.0), (8, "snare", 1.0)]
    + [(s, "hat", 0.8 if s % 4 == 0 else 0.55) for s in range(0, 16, 2)],
    "syncopated": [(0, "kick", 1.0), (6, "kick", 0.9), (9, "kick", 0.85), (4, "snare", 1.0), (12, "snare", 1.0)]
    + [(s, "hat", 0.8 if s % 2 == 0 else 0.4) for s in range(16)],
}

# Two chords (A minor, F major) alternating a bar each, for the optional pad.
CHORDS = [(220.0, 261.63, 329.63), (174.61, 220.0, 261.63)]


def kick(rate, rng):
    n = int(0.35 * rate)
    out, phase = [], 0.0
    for i in range(n):
        t = i / rate
        f = 50.0 + 100.0 * math.exp(-t / 0.04)  # the pitch falls from 150 Hz to 50 Hz
        phase += 2.0 * math.pi * f / rate
        out.append(math.sin(phase) * math.exp(-t / 0.12))
    return out


def snare(rate, rng):
    n = int(0.2 * rate)
    return [
        0.6 * rng.uniform(-1.0, 1.0) * math.exp(-i / rate / 0.05)
        + 0.5 * math.sin(2.0 * math.pi * 190.0 * i / rate) * math.exp(-i / rate / 0.08)
        for i in range(n)
    ]


def highpassed_noise(n, rate, rng, decay):
    # First difference of white noise, twice: a cheap steep high-pass (energy above ~5 kHz).
    x = [rng.uniform(-1.0, 1.0) for _ in range(n + 2)]
    return [0.35 * (x[i + 2] - 2.0 * x[i + 1] + x[i]) * math.exp(-i / rate / decay) for i in range(n)]


def hat(rate, rng):
    return highpassed_noise(int(0.06 * rate), rate, rng, 0.015)


def openhat(rate, rng):
    return highpassed_noise(int(0.18 * rate), rate, rng, 0.06)


def clap(rate, rng):
    n = int(0.15 * rate)
    out = [0.0] * n
    for burst in (0.0, 0.011, 0.022):  # a clap is a few hands a few ms apart
        start = int(burst * rate)
        for i in range(start, n):
            t = (i - start) / rate
            out[i] += 0.5 * rng.uniform(-1.0, 1.0) * math.exp(-t / (0.006 if burst < 0.02 else 0.04))
    return out


def pad(rate, seconds, freqs):
    n = int(seconds * rate)
    attack = max(1, int(0.25 * n))
    w = [2.0 * math.pi * f / rate for f in freqs]
    out = []
    for i in range(n):
        env = min(1.0, i / attack, (n - i) / attack)  # a slow swell: no sharp onset of its own
        out.append(0.12 * env * (math.sin(w[0] * i) + math.sin(w[1] * i) + math.sin(w[2] * i)))
    return out


SYNTHS = {"kick": kick, "snare": snare, "hat": hat, "openhat": openhat, "clap": clap}


def mix(buf, hit, offset):
    end = min(len(buf), offset + len(hit))
    if end > offset:
        buf[offset:end] = map(operator.add, buf[offset:end], hit[: end - offset])


def render(style, bpm, seconds, jitter_ms, seed, rate, with_pad):
    rng = random.Random(seed)
    n = int(seconds * rate)
    buf = [0.0] * n
    sounds = {name: synth(rate, rng) for name, synth in SYNTHS.items()}
    scaled = {}  # (instrument, velocity) -> samples, so each loudness is computed once

    step = 60.0 / bpm / 4.0
    bar = step * STEPS_PER_BAR
    if with_pad:
        chords = [pad(rate, bar, freqs) for freqs in CHORDS]
        for b in range(int(seconds / bar) + 1):
            mix(buf, chords[b % 2], int(b * bar * rate))

    jitter = jitter_ms / 1000.0
    pattern = sorted(PATTERNS[style])
    for b in range(int(seconds / bar) + 1):
        for s, name, velocity in pattern:
            t = b * bar + s * step + (rng.uniform(-jitter, jitter) if jitter > 0 else 0.0)
            if t >= seconds:
                continue
            key = (name, velocity)
            if key not in scaled:
                scaled[key] = [velocity * x for x in sounds[name]]
            mix(buf, scaled[key], max(0, int(t * rate)))
    return buf


def write_wav(path, buf, rate):
    peak = max(map(abs, buf)) or 1.0
    scale = 0.89 * 32767.0 / peak
    mono = array("h", map(int, map(scale.__mul__, buf)))
    stereo = array("h", bytes(4 * len(mono)))
    stereo[0::2] = mono
    stereo[1::2] = mono
    if sys.byteorder == "big":
        stereo.byteswap()
    with wave.open(path, "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(stereo.tobytes())


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("output", help="the WAV file to write (16-bit stereo)")
    p.add_argument("--style", choices=sorted(PATTERNS), default="rock", help="the drum pattern (default rock)")
    p.add_argument("--bpm", type=float, required=True, help="the tempo in beats per minute (20-400)")
    p.add_argument("--seconds", type=float, default=30.0, help="the length (default 30, at most 600)")
    p.add_argument("--jitter-ms", type=float, default=0.0, help="each hit moved by a random offset within ±this (default 0)")
    p.add_argument("--seed", type=int, default=0, help="the random seed for noise and jitter (default 0)")
    p.add_argument("--rate", type=int, default=44100, help="the sample rate in Hz (default 44100)")
    p.add_argument("--pad", dest="pad", action="store_true", default=True, help="add a soft chord pad (default)")
    p.add_argument("--no-pad", dest="pad", action="store_false", help="drums only")
    a = p.parse_args()
    if not 20 <= a.bpm <= 400:
        p.error("--bpm must be within 20-400")
    if not 0 < a.seconds <= 600:
        p.error("--seconds must be within 0-600")
    if not 8000 <= a.rate <= 192000:
        p.error("--rate must be within 8000-192000")
    if not 0 <= a.jitter_ms <= 100:
        p.error("--jitter-ms must be within 0-100")
    write_wav(a.output, render(a.style, a.bpm, a.seconds, a.jitter_ms, a.seed, a.rate, a.pad), a.rate)


if __name__ == "__main__":
    main()
