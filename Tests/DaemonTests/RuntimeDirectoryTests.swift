import TestSupport
import Testing

@testable import Daemon

#if canImport(Glibc)
    import Glibc
#endif

/// The socket's folder is ours alone: without XDG_RUNTIME_DIR the socket lives in
/// /tmp/segue-UID, which another user can make first; a daemon that binds there, or a client
/// that connects there, talks to whoever controls it. The tests run as root in CI, where every
/// file is root's own: the owner rule is checked through the pure function, the modes and file
/// types on disk.
@Suite struct RuntimeDirectoryTests {
    private func echoServer(_ path: String) throws(DaemonError) -> LineServer {
        try LineServer(path: path, onLine: { client, line in client.send("echo: " + line) }, onOversize: { _ in })
    }

    private func fileMode(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// A folder as another user would leave it for us: made, then opened up with `chmod`
    /// (which, unlike `mkdir`, ignores the umask).
    private func squattedDirectory(mode: mode_t) -> String {
        let dir = Fixtures.temporaryDirectory() + "/segue-\(getuid())"
        mkdir(dir, 0o700)
        chmod(dir, mode)
        return dir
    }

    @Test func onlyADirectoryOfYoursWithNoAccessForOthersIsPrivate() {
        let me: uid_t = 1000
        func problem(owner: uid_t = me, _ mode: mode_t) -> String? {
            SocketDirectory.problem(owner: owner, mode: mode, currentUser: me)
        }
        #expect(problem(S_IFDIR | 0o700) == nil)
        #expect(problem(S_IFDIR | 0o500) == nil)
        #expect(problem(S_IFDIR | 0o777) == "mode 0777")
        #expect(problem(S_IFDIR | 0o1777) == "mode 1777")
        #expect(problem(S_IFDIR | 0o750) == "mode 0750")
        #expect(problem(S_IFDIR | 0o701) == "mode 0701")
        #expect(problem(owner: 1001, S_IFDIR | 0o700) == "owned by user 1001, not by you")
        #expect(problem(owner: 0, S_IFDIR | 0o700) == "owned by user 0, not by you")
        #expect(problem(S_IFLNK | 0o777) == "a symbolic link")
        #expect(problem(S_IFREG | 0o600) == "not a directory")
        #expect(problem(S_IFSOCK | 0o600) == "not a directory")
        #expect(SocketDirectory.problem(owner: 0, mode: S_IFDIR | 0o700, currentUser: 0) == nil)
    }

    @Test(arguments: [0o777, 0o1777, 0o755, 0o770] as [mode_t])
    func aSquattedDirectoryIsRefusedWithASentenceNamingIt(mode: mode_t) throws {
        let dir = squattedDirectory(mode: mode)
        let error = #expect(throws: DaemonError.self) { try echoServer(dir + "/socket") }
        let octal = String(mode, radix: 8)
        #expect(error == .notPrivate(path: dir, problem: "mode " + String(repeating: "0", count: 4 - octal.count) + octal))
        if mode == 0o777 {
            #expect(
                error?.description == "\(dir) is not a private directory of yours (mode 0777); remove it or set XDG_RUNTIME_DIR.")
        }
        #expect(fileMode(dir + "/socket") == nil, "no socket was made in it")
    }

    @Test func aSymbolicLinkInPlaceOfTheDirectoryIsRefused() throws {
        let target = Fixtures.temporaryDirectory()  // 0700 and ours: only the link is wrong
        let link = Fixtures.temporaryDirectory() + "/run"
        try #require(symlink(target, link) == 0)
        #expect(throws: DaemonError.notPrivate(path: link, problem: "a symbolic link")) { try echoServer(link + "/socket") }
        #expect(fileMode(target + "/socket") == nil)
    }

    @Test func aFileInPlaceOfTheDirectoryIsRefused() throws {
        let file = Fixtures.temporaryDirectory() + "/run"
        let fd = open(file, O_CREAT | O_WRONLY, 0o600)
        try #require(fd >= 0)
        close(fd)
        #expect(throws: DaemonError.notPrivate(path: file, problem: "not a directory")) { try echoServer(file + "/socket") }
    }

    @Test func aMissingDirectoryIsMadePrivateAndServes() throws {
        let dir = Fixtures.temporaryDirectory() + "/run/segue"
        let server = try echoServer(dir + "/socket")
        defer { server.stop() }
        #expect(fileMode(dir) == 0o700)
        #expect(fileMode(dir + "/socket") == 0o600)
        let connection = try LineConnection(path: dir + "/socket")
        try connection.send("hi")
        #expect(try connection.readLine(timeout: 10) == "echo: hi")
    }

    @Test func aClientDoesNotConnectThroughADirectoryOthersControl() throws {
        // Someone else's listener in a folder anyone may write to.
        let dir = squattedDirectory(mode: 0o700)
        let path = dir + "/socket"
        let listener = makeUnixSocket()
        defer { close(listener) }
        try #require(bindUnix(listener, try #require(unixAddress(path))) == 0)
        try #require(listen(listener, 4) == 0)
        chmod(dir, 0o777)

        #expect(throws: DaemonError.notPrivate(path: dir, problem: "mode 0777")) { try LineConnection(path: path) }
        var pending = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pending, 1, 0) == 0, "nobody connected to the squatter")

        chmod(dir, 0o700)  // the same folder made private again is fine
        let connection = try LineConnection(path: path)
        connection.close()
    }

    @Test func theSocketIsPrivateFromTheMomentItExists() throws {
        // The bind itself makes the file 0600: there is no chmod after it, so no moment in
        // which another user could connect.
        let path = Fixtures.temporaryDirectory() + "/s"
        let fd = makeUnixSocket()
        defer { close(fd) }
        let before = umaskTurn.withLock { _ in
            let mask = umask(0o022)
            umask(mask)
            return mask
        }
        try #require(bindUnixPrivately(fd, try #require(unixAddress(path))) == 0)
        #expect(fileMode(path) == 0o600)
        let after = umaskTurn.withLock { _ in
            let mask = umask(0o022)
            umask(mask)
            return mask
        }
        #expect(after == before, "the process's umask is put back")
    }
}
