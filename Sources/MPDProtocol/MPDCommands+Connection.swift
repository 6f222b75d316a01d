extension MPDCommands {
    /// `ping`, `close`, `password`, `commands`, `notcommands`, `tagtypes`, `urlhandlers`,
    /// `decoders`, `binarylimit`, `replay_gain_status`/`replay_gain_mode`; `idle`, `noidle` and
    /// command lists are the connection machine's (`idle` is listed here so `commands` names
    /// it, as MPD's does: M.A.L.P. decides idle support from that list; `close` is run by `MPDBatch`).
    static var connection: [MPDCommandSpec] {
        [
            MPDCommandSpec("ping", .none) { call throws(MPDAck) in try call.expectArguments(0...0) },
            MPDCommandSpec("close", .none) { _ throws(MPDAck) in },
            MPDCommandSpec("idle", .read) { _ throws(MPDAck) in throw MPDAck(.argument, "idle cannot be used here") },
            MPDCommandSpec("password", .none, password),
            MPDCommandSpec("commands", .none) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                for name in MPDCommandTable.names where call.client.may(name) { call.response.add("command", name) }
            },
            MPDCommandSpec("notcommands", .none) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                for name in MPDCommandTable.names where !call.client.may(name) { call.response.add("command", name) }
            },
            MPDCommandSpec("tagtypes", .read, tagtypes),
            MPDCommandSpec("urlhandlers", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                for handler in ["http://", "https://", "itunes:"] { call.response.add("handler", handler) }
            },
            MPDCommandSpec("decoders", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                for decoder in decoderList {
                    call.response.add("plugin", decoder.plugin)
                    for suffix in decoder.suffixes { call.response.add("suffix", suffix) }
                    for mime in decoder.mimeTypes { call.response.add("mime_type", mime) }
                }
            },
            MPDCommandSpec("binarylimit", .read) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                let limit = try call.unsigned(0)
                guard MPDClientState.binaryLimits.contains(limit) else {
                    throw MPDAck.argument(
                        limit < MPDClientState.binaryLimits.lowerBound ? "Value too small" : "Number too large: \(limit)")
                }
                call.client.binaryLimit = limit
            },
            MPDCommandSpec("replay_gain_status", .read) { call throws(MPDAck) in
                try call.expectArguments(0...0)
                call.response.add("replay_gain_mode", "off")
            },
            MPDCommandSpec("replay_gain_mode", .control) { call throws(MPDAck) in
                try call.expectArguments(1...1)
                // Segue applies no replay gain: every mode MPD knows is accepted (clients set one
                // at start and stop on an error) and `replay_gain_status` stays `off`.
                guard ["off", "track", "album", "auto"].contains(try call.string(0)) else {
                    throw MPDAck.argument("Unrecognized replay gain mode")
                }
            },
        ]
    }

    /// `password PW`: the configured password opens every command; anything else is ACK 3.
    private static func password(_ call: inout MPDCall) throws(MPDAck) {
        try call.expectArguments(1...1)
        let given = try call.string(0)
        guard let expected = call.environment.password, constantTimeEqual(given, expected) else {
            throw MPDAck(.password, "incorrect password")
        }
        call.client.permissions = .all
    }

    /// Compares without stopping at the first differing byte, so the time taken says nothing of
    /// how much of a guess was right.
    private static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<max(x.count, y.count) {
            difference |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return difference == 0
    }

    /// `tagtypes` lists the tags this connection gets; `clear`, `all`, `enable T…` and
    /// `disable T…` change them. MPD tags Segue does not keep are accepted and never sent (mpc
    /// enables `Composer` and `Performer`); names MPD does not know are ACK 2.
    private static func tagtypes(_ call: inout MPDCall) throws(MPDAck) {
        guard let verb = call.optional(0) else {
            for tag in MPDTag.allCases where call.client.tags.contains(tag) { call.response.add("tagtype", tag.rawValue) }
            return
        }
        switch verb {
        case "clear":
            try call.expectArguments(1...1)
            call.client.tags = []
        case "all":
            try call.expectArguments(1...1)
            call.client.tags = Set(MPDTag.allCases)
        case "enable", "disable":
            guard call.arguments.count >= 2 else { throw MPDAck.argument("Not enough arguments") }
            var tags: Set<MPDTag> = []
            for name in call.arguments.dropFirst() {
                if let tag = MPDTag(name: name) {
                    tags.insert(tag)
                } else if !otherMPDTags.contains(name.lowercased()) {
                    throw MPDAck.argument("Unknown tag type")
                }
            }
            if verb == "enable" { call.client.tags.formUnion(tags) } else { call.client.tags.subtract(tags) }
        default:
            throw MPDAck.argument("Unknown sub command")
        }
    }

    /// MPD's tag names (lowercased) that Segue does not send.
    private static let otherMPDTags: Set<String> = [
        "artistsort", "albumsort", "albumartistsort", "titlesort", "originaldate", "composer", "composersort", "performer",
        "conductor", "work", "ensemble", "movement", "movementnumber", "location", "grouping", "comment", "label",
        "musicbrainz_artistid", "musicbrainz_albumid", "musicbrainz_albumartistid", "musicbrainz_trackid",
        "musicbrainz_releasetrackid", "musicbrainz_workid",
    ]

    /// What Segue decodes, grouped as MPD's decoder plugins are (`decoders`).
    private static let decoderList: [(plugin: String, suffixes: [String], mimeTypes: [String])] = [
        ("mpg123", ["mp3"], ["audio/mpeg"]),
        ("faad", ["aac", "m4a", "m4b", "mp4"], ["audio/aac", "audio/aacp", "audio/mp4", "audio/x-m4a"]),
        (
            "sndfile", ["wav", "wave", "aif", "aiff", "aifc", "flac", "ogg", "oga", "opus"],
            ["audio/wav", "audio/x-wav", "audio/aiff", "audio/x-aiff", "audio/flac", "audio/ogg", "audio/opus"]
        ),
    ]
}

extension MPDClientState {
    /// Whether this connection may send the command called `name` now.
    public func may(_ name: String) -> Bool {
        guard let spec = MPDCommandTable.byName[name] else { return false }
        return permissions.isSuperset(of: spec.permission)
    }
}
