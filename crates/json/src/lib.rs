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
use std::ops::Range;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// The document, or (field path, problem).
pub fn from_str(text: &str) -> Result<Value, (String, String)> {
    from_str_leaving(text, &|_| false).map(|(v, _)| v)
}

/// As [`from_str`], but each string at a path `leave` accepts is not copied: it reads as `""`
/// in the document, and its place in `text` (the byte range of its characters, between the
/// quotes) is returned with its path. Such a string must hold no escapes. For a file's one large
/// field (a count file's encoded tally), so that reading it costs no second copy of the file.
pub fn from_str_leaving(text: &str, leave: &dyn Fn(&str) -> bool) -> Result<(Value, Vec<(String, Range<usize>)>), (String, String)> {
    let duplicate = RefCell::new(None);
    let left = RefCell::new(Vec::new());
    let mut de = serde_json::Deserializer::from_str(text);
    let root = At { path: "", duplicate: &duplicate, leave, left: &left, text };
    let value = root.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    value.map(|v| (v, left.take())).map_err(|e| match duplicate.take() {
        Some(path) => (path, format!("appears twice in one object (line {}, column {}); JSON readers keep only one of the two, so remove one", e.line(), e.column())),
        None => (String::new(), format!("not valid JSON: {e}")),
    })
}

/// The value at `path`; a repeated key's path is left in `duplicate`, the place of a string
/// `leave` accepts in `left`.
#[derive(Clone, Copy)]
struct At<'a> {
    path: &'a str,
    duplicate: &'a RefCell<Option<String>>,
    leave: &'a dyn Fn(&str) -> bool,
    left: &'a RefCell<Vec<(String, Range<usize>)>>,
    text: &'a str,
}

impl<'a> At<'a> {
    fn at(self, path: &'a str) -> At<'a> {
        At { path, ..self }
    }
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

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Value, E> {
        if !(self.leave)(self.path) {
            return Ok(Value::String(v.to_string()));
        }
        // `v` is a slice of `text` itself (serde_json borrows a string without escapes).
        let start = (v.as_ptr() as usize).checked_sub(self.text.as_ptr() as usize).filter(|s| s + v.len() <= self.text.len()).ok_or_else(|| E::custom("a string not within the text"))?;
        self.left.borrow_mut().push((self.path.to_string(), start..start + v.len()));
        Ok(Value::String(String::new()))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        if (self.leave)(self.path) {
            return Err(E::custom(format!("{} holds an escaped character", self.path)));
        }
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        self.visit_str(&v)
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            let path = format!("{}[{}]", self.path, items.len());
            match seq.next_element_seed(self.at(&path))? {
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
            let value = map.next_value_seed(self.at(&path))?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_key_is_refused_with_its_path() {
        let (path, problem) = from_str(r#"{"a": {"b": 1, "b": 2}}"#).unwrap_err();
        assert_eq!(path, "a.b");
        assert!(problem.contains("appears twice"), "{problem}");
        assert_eq!(from_str(r#"{"a": [1, "x\n"]}"#).unwrap(), serde_json::json!({"a": [1, "x\n"]}));
    }

    #[test]
    fn a_left_string_is_its_place_in_the_text() {
        let text = r#"{"t": {"parts": [{"data": "QUJD"}, {"data": "REVG"}]}, "other": "QUJD"}"#;
        let leave = |p: &str| p.ends_with(".data");
        let (doc, left) = from_str_leaving(text, &leave).unwrap();
        assert_eq!(doc, serde_json::json!({"t": {"parts": [{"data": ""}, {"data": ""}]}, "other": "QUJD"}));
        let places: Vec<(&str, &str)> = left.iter().map(|(p, r)| (p.as_str(), &text[r.clone()])).collect();
        assert_eq!(places, [("t.parts[0].data", "QUJD"), ("t.parts[1].data", "REVG")]);
        // An escape would need a copy: refused, naming the path.
        let (_, problem) = from_str_leaving(r#"{"x": {"data": "a\/b"}}"#, &leave).unwrap_err();
        assert!(problem.contains("x.data holds an escaped character"), "{problem}");
        // Repeated keys are refused as by from_str.
        assert_eq!(from_str_leaving(r#"{"x": {"data": "a", "data": "b"}}"#, &leave).unwrap_err().0, "x.data");
    }
}
