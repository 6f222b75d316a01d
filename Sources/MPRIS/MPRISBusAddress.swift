/// Where the user's session bus is, found the way sd-bus and libdbus find it, but without
/// loading either: `DBUS_SESSION_BUS_ADDRESS` when set, else `$XDG_RUNTIME_DIR/bus` when that
/// socket exists. Nil means no session bus (a headless box, a service without a login): MPRIS
/// is then off with nothing said and no library loaded.
public enum MPRISBusAddress {
    /// The bus name Segue asks for; a second daemon on the same bus (another SEGUE_HOME) takes
    /// `name.instance<pid>`, as the spec says.
    public static let name = "org.mpris.MediaPlayer2.segue"

    /// The address to connect to, from the environment values `environment(name)` gives and
    /// `exists(path)` telling whether a socket is there.
    public static func find(environment: (String) -> String?, exists: (String) -> Bool) -> String? {
        if let address = environment("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return address }
        guard let runtime = environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") else { return nil }
        let path = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/bus"
        guard exists(path) else { return nil }
        return "unix:path=" + escaped(path)
    }

    /// `path` as a D-Bus address value: bytes outside `[-0-9A-Za-z_/.\*]` as `%XX`.
    static func escaped(_ path: String) -> String {
        PercentEncoding.encode(path[...]) { PercentEncoding.isAlphanumeric($0) || "-_/.\\*".utf8.contains($0) }
    }
}
