import CSystemd
import MPRIS

#if canImport(Glibc)
    import Glibc
#endif

/// Appends values to an sd-bus message in the bus's types; each returns sd-bus's code (negative:
/// the message could not take it).
struct BusWriter {
    let message: OpaquePointer

    init(_ message: OpaquePointer) { self.message = message }

    func bool(_ value: Bool) -> Int32 {
        var flag: Int32 = value ? 1 : 0
        return shim_sd_bus_message_append_basic(message, type("b"), &flag)
    }

    func double(_ value: Double) -> Int32 {
        var number = value
        return shim_sd_bus_message_append_basic(message, type("d"), &number)
    }

    func int64(_ value: Int64) -> Int32 {
        var number = value
        return shim_sd_bus_message_append_basic(message, type("x"), &number)
    }

    /// A string (`s`) or, with `as: "o"`, an object path; bytes past a NUL are never sent.
    func string(_ value: String, as kind: Unicode.Scalar = "s") -> Int32 {
        value.withCString { shim_sd_bus_message_append_basic(message, type(kind), $0) }
    }

    func strings(_ values: [String]) -> Int32 {
        var copies = values.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { shim_sd_bus_message_append_strv(message, $0.baseAddress) }
    }

    /// MPRIS's `a{sv}` metadata: empty when there is no current entry.
    func metadata(_ metadata: MPRISMetadata?) -> Int32 {
        var rc = shim_sd_bus_message_open_container(message, type("a"), "{sv}")
        guard rc >= 0 else { return rc }
        if let metadata {
            rc = entry("mpris:trackid", "o") { string(metadata.trackID, as: "o") }
            if rc >= 0, let length = metadata.lengthMicroseconds { rc = entry("mpris:length", "x") { int64(length) } }
            if rc >= 0, let art = metadata.artURL { rc = entry("mpris:artUrl", "s") { string(art) } }
            if rc >= 0 { rc = entry("xesam:title", "s") { string(metadata.title) } }
            if rc >= 0, !metadata.artists.isEmpty { rc = entry("xesam:artist", "as") { strings(metadata.artists) } }
            if rc >= 0, let album = metadata.album { rc = entry("xesam:album", "s") { string(album) } }
            if rc >= 0 { rc = entry("xesam:url", "s") { string(metadata.url) } }
            guard rc >= 0 else { return rc }
        }
        return shim_sd_bus_message_close_container(message)
    }

    /// One `{sv}` entry whose value of `signature` `value` appends.
    private func entry(_ key: String, _ signature: String, _ value: () -> Int32) -> Int32 {
        var rc = shim_sd_bus_message_open_container(message, type("e"), "sv")
        if rc >= 0 { rc = string(key) }
        if rc >= 0 { rc = shim_sd_bus_message_open_container(message, type("v"), signature) }
        if rc >= 0 { rc = value() }
        if rc >= 0 { rc = shim_sd_bus_message_close_container(message) }
        if rc >= 0 { rc = shim_sd_bus_message_close_container(message) }
        return rc
    }

    private func type(_ scalar: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: scalar)) }
}
