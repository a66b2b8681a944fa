//! Values of distinct types, each a family's own (draughts' `Variant`, Shatar's text
//! options): how the family-neutral options ([`crate::ReadOptions`],
//! [`crate::WriteOptions`]) carry what only one family reads, without naming it.

use std::any::Any;
use std::fmt;
use std::sync::Arc;

/// At most one value of each type, each of some family's own; none by default.
#[derive(Clone, Debug, Default)]
pub struct Settings(Vec<Arc<dyn Setting>>);

impl Settings {
    /// Sets `value`, replacing the value of its type set before.
    pub(crate) fn set<T: Any + fmt::Debug + Send + Sync>(&mut self, value: T) {
        // `**set`: the value itself, not the `Arc` (which is `Any` too).
        self.0.retain(|set| !(**set).as_any().is::<T>());
        self.0.push(Arc::new(value));
    }

    /// The value of type `T`, if one is set.
    pub(crate) fn get<T: Any>(&self) -> Option<&T> {
        self.0
            .iter()
            .find_map(|set| (**set).as_any().downcast_ref())
    }
}

trait Setting: fmt::Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
}

impl<T: Any + fmt::Debug + Send + Sync> Setting for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
}
