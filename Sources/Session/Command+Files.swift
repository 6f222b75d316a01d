import MusicModel

extension Command {
    /// The local files it would read or write, as given: the file of `playlist import` and of
    /// `playlist export` (none when exporting to standard output), the folder of `folder add`,
    /// `folder remove`, `rescan DIR` and `library folder`, and each item of `add`,
    /// `playnext`, `replace`, `playlist add`, `workout add`, `workout play` and `tempo` that is a
    /// local file path (`ItemLocation.file`).
    /// Empty for every other command. A connection that anyone on the machine can open (TCP)
    /// refuses the commands where this is not empty: they would act as the daemon's user.
    public var localFiles: [String] {
        var files: [String] = []
        // The same arguments `rewritingFiles` rewrites, so the two cannot disagree on which they are.
        _ = rewritingFiles(
            item: { item in
                if case .file? = ItemLocation(parsing: item) { files.append(item) }
                return item
            },
            path: { path in
                files.append(path)
                return path
            })
        return files
    }
}
