extension MPDCommands {
    /// `lsinfo`, `listall`, `listallinfo`, `find`, `search`, `findadd`, `searchadd`, `list`, `count`, `update`, `rescan`.
    static var database: [MPDCommandSpec] { [] }
}
