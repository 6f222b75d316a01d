// swift-tools-version:6.0
import PackageDescription

// Layers (docs/ARCHITECTURE.md): pure core modules, one thin wrapper per C library,
// front ends, and one executable that wires them together. Core modules never import a C module.
let package = Package(
    name: "Segue",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "segue", targets: ["segue"])
    ],
    targets: [
        // C libraries from Debian's -dev packages. ncursesw has no pkgConfig on purpose:
        // SwiftPM drops its -D flags, so the shim turns the wide API on itself; and it is not linked
        // but dlopened when the terminal UI starts (Sources/CNcursesw/shim.h, CLibraryLoader below).
        .systemLibrary(name: "CNcursesw", providers: [.apt(["libncurses-dev"])]),
        // The codecs have no pkgConfig on purpose, like SQLite below: their .pc files add -l flags,
        // and the shims dlopen each at the first file that needs it (CLibraryLoader below).
        // Their headers are on the default include path (<mpg123.h> in the multiarch folder).
        .systemLibrary(name: "CMpg123", providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(name: "CFAAD2", providers: [.apt(["libfaad-dev"])]),
        .systemLibrary(name: "CSoxr", providers: [.apt(["libsoxr-dev"])]),
        // ALSA has no pkgConfig on purpose, like the codecs: its .pc adds -lasound, and the shim dlopens
        // libasound at the first ALSA device opened (Sources/CALSA/shim.h), so a play through another
        // output, `segue --version` and `segue ctl` never map it.
        .systemLibrary(name: "CALSA", providers: [.apt(["libasound2-dev"])]),
        // libcurl has no pkgConfig on purpose: its .pc adds -lcurl, and the shim dlopens libcurl at
        // first use instead (Sources/CCurl/shim.h, CLibraryLoader below). <curl/curl.h> is on the default include path.
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // FFTW (single precision) has no pkgConfig on purpose, like libcurl: the shim dlopens
        // libfftw3f at the first tempo analysis (Sources/CFFTW/shim.h, CLibraryLoader below). <fftw3.h> is on the default path.
        .systemLibrary(name: "CFFTW", providers: [.apt(["libfftw3-dev"])]),
        // libsndfile has no pkgConfig on purpose, like libcurl: its .pc adds -lsndfile, and the shim
        // dlopens libsndfile at the first FLAC/Ogg/Opus/WAV/AIFF file (Sources/CSndfile/shim.h, CLibraryLoader below).
        .systemLibrary(name: "CSndfile", providers: [.apt(["libsndfile1-dev"])]),
        // The shared home of the dlopen pattern below (loader.h): the shims that use it name no
        // library to link, so a command loads only what it calls (`segue --version` none of them).
        // Every Swift target that imports such a shim also depends on CLibraryLoader.
        .systemLibrary(name: "CLibraryLoader"),
        // SQLite has no pkgConfig on purpose: its .pc adds -lsqlite3, and the shim dlopens it at the
        // first database (Sources/CSQLite/shim.h). <sqlite3.h> is on the default include path.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // libpulse has no pkgConfig on purpose, like SQLite: the shim dlopens it when a PulseAudio
        // output opens (Sources/CPulse/shim.h). <pulse/pulseaudio.h> is on the default include path.
        .systemLibrary(name: "CPulse", providers: [.apt(["libpulse-dev"])]),
        // The cover-art decoders and renderer have no pkgConfig on purpose, like libcurl: the shims dlopen
        // each at the first cover that needs it (Sources/CTurboJPEG, CSpng, CChafa shim.h). CChafa declares
        // its few chafa types itself, since <chafa.h> needs glib's include folders.
        .systemLibrary(name: "CTurboJPEG", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CSpng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CChafa", providers: [.apt(["libchafa-dev"])]),
        // sd-bus (libsystemd) has no pkgConfig on purpose, like libpulse: the shim dlopens it when the
        // daemon finds a session bus, for MPRIS (Sources/CSystemd/shim.h). <systemd/sd-bus.h> is on the default path.
        .systemLibrary(name: "CSystemd", providers: [.apt(["libsystemd-dev"])]),

        // Pure core.
        // Outside numbers made typed and ranged, the caps on outside input, and terminal-safe text.
        .target(name: "Checked"),
        // The POSIX helpers every layer shares: threads, the monotonic clock, sleeping, wake pipes,
        // EINTR retries, display width. Pure Swift over Glibc (no C module of ours).
        .target(name: "POSIXSupport"),
        .target(name: "Audio", dependencies: ["MusicModel", "Checked", "POSIXSupport"]),
        .target(name: "Player", dependencies: ["Audio", "MusicModel", "Checked", "POSIXSupport"]),
        .target(name: "MusicModel", dependencies: ["Checked"]),
        .target(name: "Catalog", dependencies: ["MusicModel", "Checked", "POSIXSupport"]),
        .target(name: "Library", dependencies: ["MusicModel", "Tempo", "Workout", "Checked"]),
        // A track's tempo from its decoded samples (onset strength, autocorrelation, a cadence prior).
        .target(name: "Tempo", dependencies: ["Checked"]),
        // A workout as a value: stopwatch, cadence, the pool ranked by tempo fit, the summary.
        .target(name: "Workout", dependencies: ["MusicModel", "Checked"]),
        .target(
            name: "Session",
            dependencies: ["Audio", "Player", "Catalog", "Library", "MusicModel", "Tempo", "Workout", "Checked", "POSIXSupport"]),
        // The native protocol's wire format (JSON lines): requests, replies, events.
        .target(
            name: "WireProtocol",
            dependencies: ["Session", "Player", "Library", "MusicModel", "Tempo", "Workout", "Checked", "POSIXSupport"]),

        // The MPD protocol as values: request lines ↔ `Command`s, results ↔ `key: value` replies,
        // a connection's idle and command-list state. No sockets: the Daemon serves it.
        .target(name: "MPDProtocol", dependencies: ["Session", "Player", "Library", "MusicModel", "Checked"]),
        // MPRIS as values: bus calls ↔ `Command`s, the Player interface's properties from a `Snapshot`,
        // what to announce after session events. No bus: MPRISBus serves it.
        .target(name: "MPRIS", dependencies: ["Session", "Player", "MusicModel", "Checked"]),

        // Front ends.
        .target(
            name: "Daemon",
            dependencies: ["WireProtocol", "MPDProtocol", "Session", "MusicModel", "Library", "Audio", "Checked", "POSIXSupport"]),
        // The terminal UI: a daemon client. Its model and screen are pure; only TUIApp polls.
        // Daemon for the client connection (LineConnection); the queue's vocabulary comes from MusicModel.
        .target(
            name: "TUI",
            dependencies: [
                "Terminal", "Session", "WireProtocol", "Daemon", "MusicModel", "Library", "Workout", "Checked", "POSIXSupport", "CoverArt",
            ]),

        // Wrappers: the only places C types appear.
        .target(
            name: "Decoders",
            dependencies: ["Audio", "MusicModel", "Checked", "POSIXSupport", "CMpg123", "CFAAD2", "CSoxr", "CSndfile", "CLibraryLoader"]),
        // The library's folder scanner: walks folders, reads tags (through Decoders), writes
        // batches into the Library, and follows the disk with inotify. Its own thread.
        .target(name: "Scanner", dependencies: ["Library", "Decoders", "Audio", "MusicModel", "Checked", "POSIXSupport"]),
        .target(name: "ALSAOutput", dependencies: ["Audio", "CALSA", "CLibraryLoader", "POSIXSupport"]),
        // PulseAudio's native API (threaded mainloop, one stream): the default output when a server answers.
        .target(name: "PulseOutput", dependencies: ["Audio", "Checked", "POSIXSupport", "CPulse", "CLibraryLoader"]),
        // MPRIS on the session bus through sd-bus (loaded when a session bus exists): one bus thread.
        .target(name: "MPRISBus", dependencies: ["MPRIS", "Session", "POSIXSupport", "CSystemd", "CLibraryLoader"]),
        .target(name: "HTTP", dependencies: ["Audio", "Checked", "POSIXSupport", "CCurl", "CLibraryLoader"]),
        .target(name: "SQLiteStore", dependencies: ["Library", "POSIXSupport", "CSQLite", "CLibraryLoader"]),
        // The FFT tempo analysis runs on (Tempo's SpectrumTransform over FFTW, loaded at first use).
        .target(name: "FFTW", dependencies: ["Tempo", "CFFTW", "CLibraryLoader", "POSIXSupport"]),
        // The screen and keyboard over ncursesw: draws frames, reports keys, mouse and resizes.
        .target(name: "Terminal", dependencies: ["POSIXSupport", "CNcursesw", "CLibraryLoader"]),
        // Cover art, pure of any screen: JPEG/PNG bytes → pixels (header capped first) → terminal cells,
        // kitty/sixel payloads, and the memory and disk caches (docs/artwork.md).
        .target(name: "CoverArt", dependencies: ["Checked", "POSIXSupport", "CTurboJPEG", "CSpng", "CChafa", "CLibraryLoader"]),
        // The catalog's transport over libcurl: glue between a service and a wrapper.
        .target(name: "CatalogHTTP", dependencies: ["Catalog", "HTTP", "Checked"]),

        // Composition root.
        .executableTarget(
            name: "segue",
            dependencies: [
                "Checked", "Audio", "Player", "Decoders", "ALSAOutput", "PulseOutput", "HTTP", "MusicModel", "Catalog", "CatalogHTTP",
                "Library",
                "SQLiteStore", "Tempo", "FFTW", "Workout", "Scanner",
                "Session", "WireProtocol", "MPDProtocol", "Daemon", "Terminal", "TUI", "POSIXSupport", "MPRISBus",
            ]
        ),

        // `make bench`'s in-process measurements (latencies, idle cost, the UI's keystroke cost); not installed.
        .executableTarget(
            name: "segue-bench",
            dependencies: [
                "Audio", "Player", "MusicModel", "Decoders", "HTTP", "ALSAOutput", "TUI", "Terminal", "WireProtocol", "POSIXSupport",
                "Workout", "WorkoutSimulation", "Library", "SQLiteStore", "CoverArt",
            ]
        ),
        // A workout run on a manual clock over a generated pool: shared by WorkoutTests and segue-bench.
        .target(name: "WorkoutSimulation", dependencies: ["Workout"], path: "Tests/WorkoutSimulation"),

        // Shared test doubles and fixtures.
        .target(
            name: "TestSupport", dependencies: ["Audio", "Player", "Catalog", "MusicModel", "Tempo", "Checked", "POSIXSupport"],
            path: "Tests/TestSupport"),
        .testTarget(name: "CheckedTests", dependencies: ["Checked"]),
        .testTarget(name: "POSIXSupportTests", dependencies: ["POSIXSupport", "TestSupport"]),
        .testTarget(name: "AudioTests", dependencies: ["Audio", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "DecodersTests", dependencies: ["Decoders", "Audio", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "Audio", "TestSupport", "POSIXSupport"]),
        // Fixtures/ holds C source the tests compile at run time (an ALSA plugin), not part of the target.
        .testTarget(name: "PulseOutputTests", dependencies: ["PulseOutput", "Player", "Audio", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "ALSAOutputTests", dependencies: ["ALSAOutput", "Audio", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "MusicModel", "Audio", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue", "Audio", "Decoders", "Daemon", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "MusicModelTests", dependencies: ["MusicModel"]),
        .testTarget(name: "TempoTests", dependencies: ["Tempo", "FFTW", "segue", "Audio", "Decoders", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "WorkoutTests", dependencies: ["Workout", "WorkoutSimulation", "MusicModel", "TestSupport"]),
        .testTarget(
            name: "ScannerTests",
            dependencies: ["Scanner", "Library", "SQLiteStore", "Decoders", "Audio", "MusicModel", "TestSupport", "POSIXSupport"]),
        .testTarget(
            name: "LibraryTests", dependencies: ["Library", "SQLiteStore", "MusicModel", "Player", "Tempo", "Workout", "TestSupport"]),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "Session", "Player", "MusicModel", "Library", "SQLiteStore", "Catalog", "Audio", "Checked", "Tempo", "Workout",
                "TestSupport", "POSIXSupport",
            ]),
        .testTarget(
            name: "DaemonTests",
            dependencies: [
                "Daemon", "WireProtocol", "Session", "Catalog", "Player", "MusicModel", "Audio", "Library", "SQLiteStore", "TestSupport",
                "POSIXSupport", "MPDProtocol",
            ]),
        .testTarget(name: "MPRISTests", dependencies: ["MPRIS", "Session", "Player", "MusicModel", "Audio", "TestSupport"]),
        .testTarget(
            name: "MPDProtocolTests",
            dependencies: ["MPDProtocol", "Session", "Player", "MusicModel", "Library", "SQLiteStore", "Catalog", "Audio", "TestSupport"]),
        // Real MPD clients (mpc, python3-mpd, ncmpcpp) against `segue daemon --mpd`, and the same
        // transcripts sent to Debian's mpd for comparison. Transcripts/ and Scripts/ are data.
        .testTarget(name: "MPDClientTests", dependencies: ["TestSupport", "POSIXSupport"], exclude: ["Transcripts", "Scripts"]),
        .testTarget(
            name: "TUITests",
            dependencies: [
                "TUI", "Terminal", "WireProtocol", "Workout", "Library", "TestSupport", "Session", "Catalog", "MusicModel", "HTTP",
                "Player",
            ]),
        // The terminal UI end to end: the real binary in a private tmux server (skipped without tmux).
        .testTarget(name: "TUIEndToEndTests", dependencies: ["Audio", "TestSupport"]),
        .testTarget(
            name: "WireProtocolTests",
            dependencies: ["WireProtocol", "Session", "Player", "MusicModel", "Library", "SQLiteStore", "Catalog", "Audio", "TestSupport"]),
        .testTarget(name: "ArtworkTests", dependencies: ["CoverArt", "Checked", "TestSupport", "POSIXSupport"]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "MusicModel", "CatalogHTTP", "HTTP", "TestSupport"]),
        // Without a terminal: widths, key decoding and the refusals; the screen itself is checked by hand.
        .testTarget(name: "TerminalTests", dependencies: ["Terminal"]),
        // Seeded fuzzing of every non-audio parser of outside input, each in a child under a memory limit.
        .testTarget(
            name: "FuzzTests",
            dependencies: [
                "Audio", "Catalog", "CatalogHTTP", "Checked", "Decoders", "HTTP", "Library", "MusicModel", "Player", "SQLiteStore",
                "Session",
                "TUI", "Terminal", "TestSupport", "WireProtocol", "MPDProtocol",
            ]),
    ]
)
