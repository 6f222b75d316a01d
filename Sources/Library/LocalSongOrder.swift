/// Every local song's row in one list order, remembered so that paging deep into a list of
/// 100,000 songs costs a page, not a sort of the whole table per page (SQLite cannot skip
/// `OFFSET` rows without producing them). Valid while the database is unchanged: `version` is
/// what `SQLite` says about changes (`total_changes()` for this connection's writes,
/// `data_version` for other connections').
struct LocalSongOrder: Sendable {
    var sort: LibrarySort
    var version: [SQLValue]
    var rows: [Int64]
}
