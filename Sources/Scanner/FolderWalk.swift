import Audio
import Library
import POSIXSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a folder for listing: its descriptor (the walk closes it), or why not. The scanner's
/// seam for folders the system refuses (tests run as root, for whom `chmod 000` refuses nothing).
public typealias FolderOpener = @Sendable (_ path: String) -> Result<Int32, POSIXError>

/// One walk down a folder with `open`/`fdopendir`/`readdir`/`fstatat`, one folder open at a time
/// and its entries streamed (20,000 files in one folder cost no more memory than 20): what it
/// finds goes to a visitor as `FolderWalk.Found` values. Symbolic links are followed — to files
/// always, to folders only into a folder not entered before (by device and inode), so a link
/// back up the tree cannot loop. Only the `stat` of an entry is taken; no file is opened.
struct FolderWalk {
    /// What the walk came across.
    enum Found {
        /// A folder about to be listed (watch it now, so nothing added while listing is missed).
        case folder(String)
        /// A regular, non-empty file with a music extension, and its stamp.
        case file(path: String, stamp: FileStamp)
        /// A file or folder passed over, with its reason.
        case skipped(SkippedFile)
        /// A folder that could not be opened or listed (`errno` in `code`): what the caller
        /// stored under it is kept, unless the folder is simply gone (ENOENT, ENOTDIR).
        case unreadable(folder: String, code: Int32)
    }

    /// Folders entered so far, by device and inode.
    private var entered: Set<FolderIdentity> = []
    private let openFolder: FolderOpener

    init(openFolder: @escaping FolderOpener) {
        self.openFolder = openFolder
    }

    /// Walks `root` (into its subfolders when `recursive`), telling `visit` what it finds; stops
    /// early when `visit` returns false. False when it stopped early.
    mutating func walk(_ root: String, recursive: Bool, _ visit: (Found) -> Bool) -> Bool {
        var info = stat()
        if stat(root, &info) == 0 { entered.insert(FolderIdentity(info)) }
        var pending = [root]
        while let folder = pending.popLast() {
            guard list(folder, recursive: recursive, into: &pending, visit) else { return false }
        }
        return true
    }

    /// Lists one folder; its subfolders not entered before go onto `pending`.
    private mutating func list(_ folder: String, recursive: Bool, into pending: inout [String], _ visit: (Found) -> Bool) -> Bool {
        let descriptor: Int32
        switch openFolder(folder) {
        case .success(let fd): descriptor = fd
        case .failure(let error): return visit(.unreadable(folder: folder, code: error.code))
        }
        guard let directory = fdopendir(descriptor) else {
            let code = errno
            close(descriptor)
            return visit(.unreadable(folder: folder, code: code))
        }
        defer { closedir(directory) }
        guard visit(.folder(folder)) else { return false }
        let listing = dirfd(directory)
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                // A folder removed while listed ends its listing like an ordinary end.
                let code = errno
                if code != 0 && code != ENOENT { return visit(.unreadable(folder: folder, code: code)) }
                return true
            }
            let type = Int32(entry.pointee.d_type)
            let nameBytes = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            // ".", ".." and hidden files (".DS_Store", "._song.mp3" from macOS) are not the music.
            if nameBytes.first == UInt8(ascii: ".") { continue }
            guard let name = String(validating: nameBytes, as: UTF8.self) else {
                let shown = MusicFileName.join(folder, String(decoding: nameBytes, as: UTF8.self))
                guard visit(.skipped(SkippedFile(path: shown, reason: "the name is not valid UTF-8"))) else { return false }
                continue
            }
            // Other regular files (covers, logs) are not even looked at.
            if type == Int32(DT_REG) && !MusicFileName.isMusic(name) { continue }
            let path = MusicFileName.join(folder, name)
            var info = stat()
            guard fstatat(listing, name, &info, 0) == 0 else {
                let code = errno
                if let reason = Self.statRefusal(code, listing: listing, name: name) {
                    guard visit(.skipped(SkippedFile(path: path, reason: reason))) else { return false }
                }
                continue
            }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                guard recursive else { continue }
                guard entered.insert(FolderIdentity(info)).inserted else {
                    let reason = "a link to a folder already scanned (a loop, or a second way in)"
                    guard visit(.skipped(SkippedFile(path: path, reason: reason))) else { return false }
                    continue
                }
                pending.append(path)
            case S_IFREG:
                guard MusicFileName.isMusic(name) else { continue }
                guard info.st_size > 0 else {
                    guard visit(.skipped(SkippedFile(path: path, reason: "an empty file"))) else { return false }
                    continue
                }
                guard visit(.file(path: path, stamp: FileStamp(info))) else { return false }
            default:
                let kind = RegularFile.refusal(for: info.st_mode).map(Self.words) ?? "not a regular file"
                guard visit(.skipped(SkippedFile(path: path, reason: "\(kind): never opened"))) else { return false }
            }
        }
    }

    /// Why an entry whose `stat` failed is skipped, or nil when it simply went away.
    private static func statRefusal(_ code: Int32, listing: Int32, name: String) -> String? {
        switch code {
        case ENOENT:
            // Gone since the listing, or a link to nothing: only the second is worth a word.
            var link = stat()
            guard fstatat(listing, name, &link, AT_SYMLINK_NOFOLLOW) == 0, link.st_mode & S_IFMT == S_IFLNK else { return nil }
            return "a symbolic link to nothing"
        case ELOOP: return "a symbolic link that loops"
        default: return RegularFile.reason(code)
        }
    }

    /// A refusal in a few words.
    private static func words(_ refusal: RegularFile.Refusal) -> String {
        switch refusal {
        case .system(let reason): return reason
        case .folder: return "a folder"
        case .notRegular(let kind): return kind
        }
    }

    /// Opens a folder for listing with `open(2)`; never blocks (`O_NONBLOCK`, `O_DIRECTORY`).
    static let systemFolderOpener: FolderOpener = { path in
        let fd = retryingInterrupted { open(path, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC) }
        return fd >= 0 ? .success(fd) : .failure(POSIXError("opening the folder \(path)", code: errno))
    }
}

/// A folder's identity: the same (device, inode) is the same folder, however it was reached.
struct FolderIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

extension FileStamp {
    /// The size and modification time `stat` reported (a time past the year 2262, which
    /// nanoseconds in 64 bits cannot hold, is clamped: it still compares equal to itself).
    init(_ info: stat) {
        let seconds = Int64(info.st_mtim.tv_sec)
        let (whole, tooLarge) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, stillTooLarge) = whole.addingReportingOverflow(Int64(info.st_mtim.tv_nsec))
        let modified = tooLarge || stillTooLarge ? (seconds < 0 ? Int64.min : Int64.max) : sum
        self.init(size: Int64(info.st_size), modified: modified)
    }
}
