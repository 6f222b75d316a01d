import CLibraryLoader
import CSystemd
import MPRIS
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One sd-bus connection to a session bus, and the objects registered on it: the only owner of
/// the `sd_bus` and its slots, freed in `deinit` (the slots first, then the connection, flushed).
///
/// sd-bus is not thread-safe: after `init` returns, one thread at a time uses it (the MPRIS
/// service's bus thread). Every failure is an `MPRISError` sentence.
final class SessionBus {
    /// libsystemd as the sentence names it when it is missing.
    static let library = DynamicLibrary(file: "libsystemd.so.0", package: "libsystemd0")

    let bus: OpaquePointer
    private var slots: [OpaquePointer] = []

    /// Loads libsystemd (the first time) and connects to the bus at `address` as a client.
    init(address: String) throws(MPRISError) {
        bus = try Self.connect(address)
    }

    /// A started connection to `address`; nothing is left open when it throws.
    private static func connect(_ address: String) throws(MPRISError) -> OpaquePointer {
        if let problem = library.problem(shim_systemd_load()) { throw .libraryMissing(problem: problem) }
        var made: OpaquePointer?
        try check(shim_sd_bus_new(&made), "making a bus connection")
        guard let bus = made else { throw .bus(step: "making a bus connection", reason: "no connection") }
        do throws(MPRISError) {
            try check(shim_sd_bus_set_address(bus, address), "reading the session bus address")
            try check(shim_sd_bus_set_bus_client(bus, 1), "connecting to the session bus")
            try check(shim_sd_bus_start(bus), "connecting to the session bus at \(address)")
        } catch {
            _ = shim_sd_bus_flush_close_unref(bus)
            throw error
        }
        return bus
    }

    deinit {
        for slot in slots { _ = shim_sd_bus_slot_unref(slot) }
        _ = shim_sd_bus_flush_close_unref(bus)
    }

    /// Asks for `name`; false when another connection holds it already.
    func requestName(_ name: String) throws(MPRISError) -> Bool {
        let rc = shim_sd_bus_request_name(bus, name, 0)
        if rc == -EEXIST { return false }
        try Self.check(rc, "asking for the bus name \(name)")
        return true
    }

    /// Serves `vtable` for `interface` at `path`; its handlers get `userdata`, which must outlive
    /// this connection.
    func add(path: String, interface: String, vtable: UnsafePointer<sd_bus_vtable>, userdata: UnsafeMutableRawPointer) throws(MPRISError) {
        var slot: OpaquePointer?
        try Self.check(shim_sd_bus_add_object_vtable(bus, &slot, path, interface, vtable, userdata), "serving \(interface)")
        if let slot { slots.append(slot) }
    }

    /// Reads and dispatches everything the bus has sent, writes what is queued; throws when the
    /// connection is gone.
    func process() throws(MPRISError) {
        while true {
            let rc = shim_sd_bus_process(bus, nil)
            try Self.check(rc, "reading from the session bus")
            if rc == 0 { return }
        }
    }

    /// The descriptor to poll, the events to poll it for, and how long sd-bus may wait (in
    /// milliseconds for poll(2); -1: as long as it takes).
    func pollRequest() throws(MPRISError) -> (fd: Int32, events: Int16, timeoutMilliseconds: Int32) {
        let fd = shim_sd_bus_get_fd(bus)
        try Self.check(fd, "polling the session bus")
        let events = shim_sd_bus_get_events(bus)
        try Self.check(events, "polling the session bus")
        var deadline: UInt64 = .max
        try Self.check(shim_sd_bus_get_timeout(bus, &deadline), "polling the session bus")
        guard deadline != .max else { return (fd, Int16(truncatingIfNeeded: events), -1) }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(max(0, now.tv_sec)) &* 1_000_000 &+ UInt64(max(0, now.tv_nsec / 1000))
        let left = deadline > nowMicroseconds ? (deadline - nowMicroseconds + 999) / 1000 : 0
        return (fd, Int16(truncatingIfNeeded: events), Int32(clamping: left))
    }

    /// Sends `PropertiesChanged` for `names` of `interface` at `path` (sd-bus reads the values
    /// through the getters).
    func emitPropertiesChanged(path: String, interface: String, names: [String]) throws(MPRISError) {
        let copies = names.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        var pointers = copies
        try Self.check(
            pointers.withUnsafeMutableBufferPointer { shim_sd_bus_emit_properties_changed_strv(bus, path, interface, $0.baseAddress) },
            "announcing a change")
    }

    /// Sends the signal `member` of `interface` at `path` with one `x` argument.
    func emit(path: String, interface: String, member: String, int64 value: Int64) throws(MPRISError) {
        var message: OpaquePointer?
        try Self.check(shim_sd_bus_message_new_signal(bus, &message, path, interface, member), "announcing \(member)")
        guard let message else { return }
        defer { _ = shim_sd_bus_message_unref(message) }
        var value = value
        try Self.check(shim_sd_bus_message_append_basic(message, CChar(UInt8(ascii: "x")), &value), "announcing \(member)")
        try Self.check(shim_sd_bus_send(bus, message, nil), "announcing \(member)")
    }

    /// Turns a negative sd-bus return code into a sentence naming `step`.
    static func check(_ rc: Int32, _ step: String) throws(MPRISError) {
        guard rc < 0 else { return }
        throw .bus(step: step, reason: String(cString: strerror(-rc)))
    }
}
