import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The process table, read from /proc (no `pgrep`: a missing tool must not make "no such
/// process" look true).
public enum Processes {
    /// The pid of the `segue daemon --foreground` whose environment has `SEGUE_HOME=home`, or
    /// nil when there is none. Records an issue when /proc cannot be read at all.
    public static func daemonPID(home: String) -> pid_t? {
        guard let directory = opendir("/proc") else {
            Issue.record("cannot read /proc to look for the daemon")
            return nil
        }
        defer { closedir(directory) }
        var pids: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if let pid = pid_t(name) { pids.append(pid) }
        }
        return pids.sorted().first { pid in
            guard let commandLine = Shell.readFile("/proc/\(pid)/cmdline") else { return false }
            let words = commandLine.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard words.joined(separator: " ").contains("segue daemon --foreground") else { return false }
            let environment = Shell.readFile("/proc/\(pid)/environ") ?? []
            return environment.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "SEGUE_HOME=\(home)" }
        }
    }

    /// Whether `pid` is a live process (a zombie, waiting to be reaped, is not).
    public static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = Shell.readFile("/proc/\(pid)/stat") else { return false }
        let text = String(decoding: stat, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return false }
        let state = text[text.index(after: close)...].trimmingPrefix(" ").first
        return state != "Z" && state != "X"
    }
}

extension Processes {
    /// The pids of the live processes whose parent is `pid` (zombies included: they are
    /// children not yet reaped).
    public static func children(of pid: pid_t) -> [pid_t] {
        guard let directory = opendir("/proc") else {
            Issue.record("cannot read /proc to look for children")
            return []
        }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let child = pid_t(name), let stat = Shell.readFile("/proc/\(child)/stat") else { continue }
            let text = String(decoding: stat, as: UTF8.self)
            // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
            guard let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            if fields.count > 1, pid_t(fields[1]) == pid { found.append(child) }
        }
        return found
    }
}
