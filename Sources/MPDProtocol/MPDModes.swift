import MusicModel

/// MPD's `repeat` and `single` flags over Segue's repeat and single modes. MPD has no "repeat
/// one": it repeats the current song when both `repeat` and `single` are on, so Segue's repeat
/// one shows as `repeat: 1`, `single: 1`, and a client turning both on gets repeat one.
/// Every pair of flags maps to a pair of modes and back, so a client that reads `status`, flips
/// one flag and sends it sees what it asked for.
struct MPDModes: Equatable {
    /// MPD's `repeat`.
    var repeats: Bool
    /// MPD's `single`.
    var single: SingleMode

    /// The flags MPD clients see for Segue's modes.
    init(repeatMode: RepeatMode, singleMode: SingleMode) {
        switch repeatMode {
        case .none: (repeats, single) = (false, singleMode)
        case .all: (repeats, single) = (true, singleMode)
        case .one: (repeats, single) = (true, singleMode == .oneshot ? .oneshot : .on)
        }
    }

    /// Flags as a client sets them.
    init(repeats: Bool, single: SingleMode) {
        self.repeats = repeats
        self.single = single
    }

    /// Segue's modes for these flags: repeat + single is repeat one (single then off, as it has
    /// nothing left to do); repeat + oneshot repeats all and stops once.
    var segue: (repeatMode: RepeatMode, singleMode: SingleMode) {
        switch (repeats, single) {
        case (false, let single): (.none, single)
        case (true, .off): (.all, .off)
        case (true, .on): (.one, .off)
        case (true, .oneshot): (.all, .oneshot)
        }
    }

    /// The word `status` writes for `single`.
    var singleText: String {
        switch single {
        case .off: "0"
        case .on: "1"
        case .oneshot: "oneshot"
        }
    }
}
