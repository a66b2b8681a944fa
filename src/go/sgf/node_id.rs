//! The index of a node in its tree's arena, in document order: what a tree's nodes are
//! named by (the root is `NodeId::ROOT`).

/// Index of a node inside its `GameTree`; the root is `NodeId::ROOT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(super) u32);

impl NodeId {
    /// The root node of every tree.
    pub const ROOT: NodeId = NodeId(0);

    /// Position in document order (0 for the root).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
