//! The records as serde values, one type per kind of answer of every
//! verb: each written through its `fields`, the one list of its keys and
//! their order, as an object whose null values are left out, which is
//! what the command line's `--format json` writes for it (tested against
//! the command line in crates/cli's tests). A streamed listing's rows
//! ([`SolutionRecord`], [`LevelRecord`]) are one value each, as the
//! command line writes one JSON line each.

use nqueens_sched::Object;
use serde::{Serialize, Serializer};

use crate::listing::{ListingCount, NoSolutionRecord, SolutionRecord};
use crate::placement::{Blocked, Placement};
use crate::solve::{AccessibilityRow, AccessibilityRun};
use crate::{
    CountRecord, DominateRecord, EstimateRecord, LevelRecord, PawnsRecord, PiecesRecord,
    SolveRecord, SpaceRecord,
};

macro_rules! through_fields {
    ($($record:ty),*) => {$(
        impl Serialize for $record {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                Object(&self.fields()).serialize(s)
            }
        }
    )*};
}

through_fields!(
    CountRecord,
    DominateRecord,
    PawnsRecord,
    PiecesRecord,
    LevelRecord,
    SpaceRecord,
    ListingCount,
    SolutionRecord<'_>,
    NoSolutionRecord,
    SolveRecord,
    Placement,
    Blocked,
    AccessibilityRow<'_>,
    AccessibilityRun<'_>
);

impl Serialize for EstimateRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Object(&self.fields).serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Control, CountRequest, EstimateRequest, Value};

    /// The serialized object's keys are the record's non-null fields in
    /// their order, and its counts theirs.
    #[test]
    fn a_serialized_record_is_its_fields() {
        let record = CountRequest::new(10)
            .check()
            .unwrap()
            .run(&Control::new())
            .unwrap();
        let text = serde_json::to_string(&record).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let object = json.as_object().unwrap();
        let fields = record.fields();
        let present: Vec<&str> = fields
            .iter()
            .filter(|(_, v)| *v != Value::Null)
            .map(|(k, _)| *k)
            .collect();
        assert_eq!(object.len(), present.len());
        // In the fields' order: each key's place in the text after the last's.
        let places: Vec<usize> = present
            .iter()
            .map(|k| text.find(&format!("\"{k}\":")).unwrap())
            .collect();
        assert!(places.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert_eq!(object["total"], 724);
        assert_eq!(object["unique"], 92);
        assert_eq!(object["verified"], true);

        let request = EstimateRequest {
            samples: Some("40".into()),
            seed: Some("3".into()),
            ..EstimateRequest::new(12)
        };
        let record = request.check().unwrap().run(&Control::new()).unwrap();
        let json = serde_json::to_value(&record).unwrap();
        assert_eq!(json["n"], 12);
        assert_eq!(json["seed"], 3);
        assert_eq!(
            json.as_object().unwrap().len(),
            record
                .fields
                .iter()
                .filter(|(_, v)| *v != Value::Null)
                .count()
        );
    }
}
