//! The strict JSON reader every file parsheet reads goes through: paytables, house ways and
//! count files (shards, cache entries); and [`read`], the one way those files, replays and the
//! key are opened (without blocking, regular files only, a size cap per kind).
//!
//! `serde_json::from_str::<Value>` keeps the last of two equal keys without a word, so a table
//! file with `"pays"` twice would be read as whichever came last, and a count file could carry
//! two tallies of which a reader sees one. This reader builds the same `Value` through a visitor
//! that knows the path of each value and stops at a repeated key, naming its path.

pub mod read;

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// The document, or (field path, problem).
pub fn from_str(text: &str) -> Result<Value, (String, String)> {
    let duplicate = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let value = At { path: "", duplicate: &duplicate }.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    value.map_err(|e| match duplicate.take() {
        Some(path) => (path, format!("appears twice in one object (line {}, column {}); JSON readers keep only one of the two, so remove one", e.line(), e.column())),
        None => (String::new(), format!("not valid JSON: {e}")),
    })
}

/// The value at `path`; a repeated key's path is left in `duplicate`.
#[derive(Clone, Copy)]
struct At<'a> {
    path: &'a str,
    duplicate: &'a RefCell<Option<String>>,
}

impl<'de> DeserializeSeed<'de> for At<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for At<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            let path = format!("{}[{}]", self.path, items.len());
            match seq.next_element_seed(At { path: &path, duplicate: self.duplicate })? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let path = if self.path.is_empty() { key.clone() } else { format!("{}.{key}", self.path) };
            if object.contains_key(&key) {
                *self.duplicate.borrow_mut() = Some(path);
                return Err(de::Error::custom(format!("duplicate key {key:?}")));
            }
            let value = map.next_value_seed(At { path: &path, duplicate: self.duplicate })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}
