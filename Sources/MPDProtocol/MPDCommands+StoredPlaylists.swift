extension MPDCommands {
    /// `listplaylists`, `listplaylist`, `listplaylistinfo`, `load`, `save`, `playlistadd`, `playlistdelete`, `playlistmove`, `playlistclear`, `rename`, `rm`.
    static var storedPlaylists: [MPDCommandSpec] { [] }
}
