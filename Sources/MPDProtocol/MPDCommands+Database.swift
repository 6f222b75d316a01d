import Library
import Session

extension MPDCommands {
    /// `lsinfo`, `listall`, `listallinfo`, `find`, `search`, `findadd`, `searchadd`, `list`, `count`, `stats`, `update`, `rescan`.
    static var database: [MPDCommandSpec] {
        [
            MPDCommandSpec("lsinfo", .read) { call throws(MPDAck) in try MPDDatabase.lsinfo(&call) },
            MPDCommandSpec("listall", .read) { call throws(MPDAck) in try MPDDatabase.listAll(&call, info: false) },
            MPDCommandSpec("listallinfo", .read) { call throws(MPDAck) in try MPDDatabase.listAll(&call, info: true) },
            MPDCommandSpec("find", .read) { call throws(MPDAck) in try MPDDatabase.find(&call, pairs: .exact, add: false) },
            MPDCommandSpec("search", .read) { call throws(MPDAck) in try MPDDatabase.find(&call, pairs: .substring, add: false) },
            MPDCommandSpec("findadd", .add) { call throws(MPDAck) in try MPDDatabase.find(&call, pairs: .exact, add: true) },
            MPDCommandSpec("searchadd", .add) { call throws(MPDAck) in try MPDDatabase.find(&call, pairs: .substring, add: true) },
            MPDCommandSpec("list", .read) { call throws(MPDAck) in try MPDDatabase.list(&call) },
            MPDCommandSpec("count", .read) { call throws(MPDAck) in try MPDDatabase.count(&call) },
            MPDCommandSpec("stats", .read) { call throws(MPDAck) in try MPDDatabase.stats(&call) },
            MPDCommandSpec("update", .control) { call throws(MPDAck) in try MPDDatabase.update(&call) },
            MPDCommandSpec("rescan", .control) { call throws(MPDAck) in try MPDDatabase.update(&call) },
        ]
    }
}
