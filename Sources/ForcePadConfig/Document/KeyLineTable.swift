/// The line of every path written in a TOML document, kept as a tree of paths so that each
/// step down is one dictionary look-up: recording or finding a path of n components costs
/// O(n), and a whole document O(its length), where hashing every prefix of every path would
/// cost O(n²) per path.
///
/// A path has a line when it is written out (a header, a key, an array element) or is the
/// prefix of one that is; then all its prefixes have a line too.
struct KeyLineTable {
    /// A path in the tree, numbered in the order paths were first met; the root is 0.
    typealias Node = Int

    private struct Edge: Hashable {
        let parent: Node
        let component: ConfigKeyPath.Component
    }

    /// The document itself.
    static let root: Node = 0

    private var children: [Edge: Node] = [:]
    private var parents: [Node] = [0]
    /// 1-based line of each node, nil while the node has none.
    private var lines: [Int?] = [nil]
    /// Whether each node's line is where it is written out, not only implied as a prefix.
    private var explicit: [Bool] = [false]

    /// The node one `component` below `parent`, created (without a line) if it is new.
    mutating func child(of parent: Node, _ component: ConfigKeyPath.Component) -> Node {
        let edge = Edge(parent: parent, component: component)
        if let node = children[edge] { return node }
        let node = parents.count
        children[edge] = node
        parents.append(parent)
        lines.append(nil)
        explicit.append(false)
        return node
    }

    /// The node `components` below `parent`.
    mutating func descendant(of parent: Node, _ components: [ConfigKeyPath.Component]) -> Node {
        components.reduce(parent) { child(of: $0, $1) }
    }

    /// Records `node` as written out on `line`: the first such line is kept, and replaces a
    /// line the node only had as a prefix. Prefixes without a line get `line`.
    mutating func record(_ node: Node, line: Int) {
        if !explicit[node] {
            lines[node] = line
            explicit[node] = true
        }
        var prefix = parents[node]
        while prefix != Self.root, lines[prefix] == nil {
            lines[prefix] = line
            prefix = parents[prefix]
        }
    }

    /// 1-based line of `path` or of its nearest enclosing path that has one; nil when none
    /// on the way up to the root has.
    func line(of path: ConfigKeyPath) -> Int? {
        var node = Self.root
        var found: Int?
        for component in path.components {
            guard let next = children[Edge(parent: node, component: component)] else { break }
            node = next
            if let line = lines[node] { found = line }
        }
        return found
    }

    /// 1-based line where `path` itself is written out (a header, a key, an array element),
    /// nil when it is not: a path only implied as a prefix, or absent.
    func writtenLine(of path: ConfigKeyPath) -> Int? {
        var node = Self.root
        for component in path.components {
            guard let next = children[Edge(parent: node, component: component)] else { return nil }
            node = next
        }
        return explicit[node] ? lines[node] : nil
    }

    /// Whether `path` or a path below it is written out.
    func writes(_ path: ConfigKeyPath) -> Bool {
        var node = Self.root
        for component in path.components {
            guard let next = children[Edge(parent: node, component: component)] else { return false }
            node = next
        }
        return lines[node] != nil
    }
}
