//! A kept record told apart by family, for tests that look into each family's model.

use qipu::draughts::DraughtsRecord;
use qipu::go::GoRecord;
use qipu::record::Record;
use qipu::shatar::ShatarMove;
use qipu::AnyRecord;

/// A record in its family's model.
pub enum Family<'a> {
    Shatar(&'a Record<ShatarMove>),
    Draughts(&'a DraughtsRecord),
    Go(&'a GoRecord),
}

/// `record` in its family's model.
pub fn family(record: &AnyRecord) -> Family<'_> {
    if let Some(r) = record.downcast_ref::<Record<ShatarMove>>() {
        Family::Shatar(r)
    } else if let Some(r) = record.downcast_ref::<DraughtsRecord>() {
        Family::Draughts(r)
    } else if let Some(r) = record.downcast_ref::<GoRecord>() {
        Family::Go(r)
    } else {
        panic!("a record of no family the tests know: {record:?}")
    }
}
