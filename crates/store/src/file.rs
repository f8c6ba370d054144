//! Count files, format 2 (docs/JSON.md, "Count files"): one JSON object whose last field is
//! its signature.
//!
//! ```text
//! {"parsheet":"shard","format":2,"fingerprint":"…","build":"…","computation":"…","inputs":"…",
//!  "command":[…],"shard":"0/4","tally":{"encoding":"zigzag-leb128-base64","parts":[…]},"mac":"…"}
//! ```
//!
//! `mac` is the hex HMAC-SHA-256, under the signing key, of the file's bytes as written with
//! that field left out: everything before `,"mac":"` followed by `}`. It sits at a fixed place
//! from the end, so it is found and checked before the rest is parsed. Tallies are binary: each
//! integer zigzag-mapped to unsigned and written as LEB128 bytes, a part's bytes in base64.

use std::fmt;
use std::fs;
use std::ops::Range;
use std::path::Path;

use base64::Engine;
use parsheet_shard::{Shard, Tally};
use serde_json::{json, Map, Value};

use crate::SigningKey;

/// The count-file format this build writes and reads.
pub const FORMAT: u64 = 2;

/// The most bytes of one count file read. The largest real files are Face Up Pai Gow's setting
/// table and a Heads-Up Hold 'Em shard (docs/SECURITY.md, "Sizes").
pub const MAX_FILE: u64 = parsheet_json::read::COUNTS.cap;

const ENCODING: &str = "zigzag-leb128-base64";
const MAC_FIELD: &[u8] = b",\"mac\":\"";
const MAC_HEX: usize = 64;

/// What a count file holds: one shard of a computation, or its whole counts (a merge's, or one
/// process's). Only whole counts are results; the kind is signed with the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Shard,
    Merged,
    Counts,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Shard => "shard",
            Kind::Merged => "merged",
            Kind::Counts => "counts",
        }
    }

    fn parse(s: &str) -> Option<Kind> {
        [Kind::Shard, Kind::Merged, Kind::Counts].into_iter().find(|k| k.name() == s)
    }

    /// Whole counts of a computation (not one shard of it).
    pub fn is_whole(self) -> bool {
        self != Kind::Shard
    }
}

/// One count file's contents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountFile {
    pub kind: Kind,
    /// The build that counted it (a hash of its source code).
    pub build: String,
    /// What is counted, in words.
    pub computation: String,
    /// Every input the counts depend on, one `name = value` per line.
    pub inputs: String,
    /// A shard's command line (arguments after `parsheet`), which `merge` runs again.
    pub command: Option<Vec<String>>,
    /// A shard's label.
    pub shard: Option<Shard>,
    pub tally: Tally,
}

/// Why a count file was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Not readable, not a regular file, or too large.
    Unreadable(String),
    /// No signature: written by an earlier parsheet (format 1), or not a count file.
    Unsigned(String),
    /// The signature does not match: changed since it was written, or signed with another key.
    BadSignature,
    /// Signed, but not a count file this build reads.
    Malformed(String),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Unreadable(e) => f.write_str(e),
            FileError::Unsigned(e) => f.write_str(e),
            FileError::BadSignature => f.write_str(
                "its signature does not match: it was changed after it was written, or signed with another key (the nodes of a cluster share one key file: docs/SHARDING.md)",
            ),
            FileError::Malformed(e) => write!(f, "signed, but not a count file of format {FORMAT}: {e}"),
        }
    }
}

impl CountFile {
    /// The fingerprint of what it counts (its cache entry's name).
    pub fn fingerprint(&self) -> String {
        crate::fingerprint(&self.computation, &self.inputs, &self.build)
    }

    /// The file's bytes, signed with `key`.
    pub fn to_bytes(&self, key: &SigningKey) -> Vec<u8> {
        let mut m = Map::new();
        m.insert("parsheet".into(), json!(self.kind.name()));
        m.insert("format".into(), json!(FORMAT));
        m.insert("fingerprint".into(), json!(self.fingerprint()));
        m.insert("build".into(), json!(self.build));
        m.insert("computation".into(), json!(self.computation));
        m.insert("inputs".into(), json!(self.inputs));
        if let Some(c) = &self.command {
            m.insert("command".into(), json!(c));
        }
        if let Some(s) = self.shard {
            m.insert("shard".into(), json!(s.to_string()));
        }
        m.insert("tally".into(), encode_tally(&self.tally));
        let body = serde_json::to_vec(&Value::Object(m)).expect("a JSON value serializes");
        let mac = key.sign(&body);
        let mut bytes = body;
        bytes.pop(); // the closing brace
        bytes.extend_from_slice(MAC_FIELD);
        bytes.extend_from_slice(mac.as_bytes());
        bytes.extend_from_slice(b"\"}\n");
        bytes
    }

    /// Reads a signed file: the signature first, then every field strictly.
    pub fn from_bytes(bytes: &[u8], key: &SigningKey) -> Result<CountFile, FileError> {
        let (file, parts) = CountFile::verified(bytes, key)?;
        let tally = parts.decode(bytes).map_err(FileError::Malformed)?;
        Ok(CountFile { tally, ..file })
    }

    /// The signature checked over the file's own bytes (no copy of its body), then every field
    /// parsed strictly but the tally's values, which stay encoded in `bytes`.
    fn verified(bytes: &[u8], key: &SigningKey) -> Result<(CountFile, Parts), FileError> {
        let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let Some(head) = signed_head(text) else { return Err(unsigned(text)) };
        let tag = std::str::from_utf8(&text[text.len() - 2 - MAC_HEX..text.len() - 2]).expect("hex digits checked");
        if !key.verify_parts(&[head, b"}"], tag) {
            return Err(FileError::BadSignature);
        }
        parse(text).map_err(FileError::Malformed)
    }

    /// Reads the file at `path` (at most [`MAX_FILE`] bytes of a regular file).
    pub fn read(path: &Path, key: &SigningKey) -> Result<CountFile, FileError> {
        let (bytes, _) = read_bounded(path).map_err(FileError::Unreadable)?;
        CountFile::from_bytes(&bytes, key)
    }

    /// Reads and checks the file at `path` as [`CountFile::read`] does, but returns its tally
    /// still encoded, in the file's own bytes (and the file empty of counts): [`Encoded::add_to`]
    /// adds it to a running sum without holding the decoded values, so a merge holds the sum and
    /// the bytes of one file (its base64 is never copied out of them).
    pub fn read_encoded(path: &Path, key: &SigningKey) -> Result<(CountFile, Encoded), FileError> {
        let (bytes, _) = read_bounded(path).map_err(FileError::Unreadable)?;
        let (file, parts) = CountFile::verified(&bytes, key)?;
        Ok((file, Encoded { bytes, parts }))
    }
}

/// A count file's tally as the file holds it (base64 of zigzag LEB128 values), checked for
/// shape, decoded only when used.
#[derive(Debug)]
pub struct Encoded {
    /// The file's bytes.
    bytes: Vec<u8>,
    parts: Parts,
}

impl Encoded {
    /// The tally.
    pub fn decode(&self) -> Result<Tally, String> {
        self.parts.decode(&self.bytes)
    }

    /// Adds the tally to `sum` entry by entry, decoding as it goes (the same parts, of the same
    /// lengths, in the same order, as [`Tally::add`] requires). On an error `sum` is partly added
    /// and must be dropped.
    pub fn add_to(&self, sum: &mut Tally) -> Result<(), String> {
        self.parts.add_to(&self.bytes, sum)
    }
}

/// Where each part of a tally lies in its file's bytes.
#[derive(Debug)]
struct Parts(Vec<EncodedPart>);

#[derive(Debug)]
struct EncodedPart {
    name: String,
    values: u64,
    /// The part's base64, as a range of the file's bytes.
    data: Range<usize>,
}

impl Parts {
    fn decode(&self, bytes: &[u8]) -> Result<Tally, String> {
        let mut tally = Tally::new();
        for (i, p) in self.0.iter().enumerate() {
            let mut values = Vec::with_capacity(p.values as usize);
            self.each_value(bytes, i, &mut |v| {
                values.push(v);
                Ok(())
            })?;
            tally.push(&p.name, values);
        }
        Ok(tally)
    }

    fn add_to(&self, bytes: &[u8], sum: &mut Tally) -> Result<(), String> {
        if sum.parts().len() != self.0.len() {
            return Err(format!("the counts hold {} and {} parts", sum.parts().len(), self.0.len()));
        }
        for ((name, a), p) in sum.parts().iter().zip(&self.0) {
            if *name != p.name || a.len() as u64 != p.values {
                return Err(format!("the counts' parts differ: {name:?} of {} values against {:?} of {}", a.len(), p.name, p.values));
            }
        }
        for (i, (name, values)) in sum.values_mut().enumerate() {
            let mut at = values.iter_mut();
            self.each_value(bytes, i, &mut |v| {
                let x = at.next().expect("lengths checked");
                *x = x.checked_add(v).ok_or_else(|| format!("the counts' part {name:?} overflows"))?;
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Every value of part `i`, in order, decoded a block of base64 at a time.
    fn each_value(&self, bytes: &[u8], i: usize, f: &mut dyn FnMut(i128) -> Result<(), String>) -> Result<(), String> {
        let p = &self.0[i];
        let at = |e: &str| format!("\"tally\".\"parts\"[{i}]: {e}");
        // Whole groups of four characters decode alone: 64 KiB of text at a time.
        const BLOCK: usize = 64 << 10;
        let mut decoded = vec![0u8; BLOCK / 4 * 3];
        let (mut z, mut shift, mut n) = (0u128, 0u32, 0u64);
        for block in bytes[p.data.clone()].chunks(BLOCK) {
            let len = base64::engine::general_purpose::STANDARD.decode_slice(block, &mut decoded).map_err(|e| at(&format!("\"data\" is not base64: {e}")))?;
            for &b in &decoded[..len] {
                if shift > 126 || (shift == 126 && b & 0x7f > 0b11) {
                    return Err(at("a value does not fit 128 bits"));
                }
                z |= u128::from(b & 0x7f) << shift;
                if b & 0x80 == 0 {
                    n += 1;
                    if n > p.values {
                        return Err(at(&format!("\"data\" does not hold {} whole values", p.values)));
                    }
                    f(((z >> 1) as i128) ^ -((z & 1) as i128))?;
                    (z, shift) = (0, 0);
                } else {
                    shift += 7;
                }
            }
        }
        if shift != 0 || n != p.values {
            return Err(at(&format!("\"data\" does not hold {} whole values", p.values)));
        }
        Ok(())
    }
}

/// The bytes of a regular file of at most [`MAX_FILE`] bytes, and its metadata as opened
/// (without blocking: a FIFO is refused, not waited on).
pub(crate) fn read_bounded(path: &Path) -> Result<(Vec<u8>, fs::Metadata), String> {
    parsheet_json::read::read(path, parsheet_json::read::COUNTS).map_err(|e| e.to_string())
}

/// The signed body less its closing brace (the MAC covers it and then `}`), where `text` ends
/// with a MAC field of the right form.
fn signed_head(text: &[u8]) -> Option<&[u8]> {
    let end = text.strip_suffix(b"\"}")?;
    let tag_at = end.len().checked_sub(MAC_HEX)?;
    if !end[tag_at..].iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    end[..tag_at].strip_suffix(MAC_FIELD)
}

fn unsigned(text: &[u8]) -> FileError {
    let format = std::str::from_utf8(text).ok().and_then(|t| serde_json::from_str::<Value>(t).ok()).and_then(|v| v.get("format").and_then(Value::as_u64));
    FileError::Unsigned(match format {
        Some(1) => "written by an earlier parsheet (count-file format 1, unsigned): recount with this build".into(),
        _ => format!("not a signed parsheet count file (format {FORMAT} ends with its \"mac\" field)"),
    })
}

/// The signed file's fields (`text` is the whole file, its MAC field last, already checked);
/// the tally is checked for shape and kept encoded.
fn parse(text: &[u8]) -> Result<(CountFile, Parts), String> {
    let text = std::str::from_utf8(text).map_err(|_| "not UTF-8".to_string())?;
    // The tally's base64 stays in `text`: only its place is kept.
    let is_data = |path: &str| path.strip_prefix("tally.parts[").and_then(|p| p.strip_suffix("].data")).is_some_and(|i| i.bytes().all(|b| b.is_ascii_digit()));
    let (doc, data) = parsheet_json::from_str_leaving(text, &is_data).map_err(|(field, problem)| if field.is_empty() { problem } else { format!("{field}: {problem}") })?;
    let Value::Object(mut doc) = doc else { return Err("not a JSON object".into()) };
    // The signature, checked already; a second "mac" in the body is refused by the reader.
    doc.remove("mac");
    let tally = encoded_tally(doc.remove("tally"), text, &data)?;
    let string = |k: &str| doc.get(k).and_then(Value::as_str).map(str::to_string).ok_or_else(|| format!("field {k:?} is missing or not a string"));
    let kind = Kind::parse(&string("parsheet")?).ok_or("field \"parsheet\" is not shard, merged or counts")?;
    if doc.get("format").and_then(Value::as_u64) != Some(FORMAT) {
        return Err(format!("field \"format\" is not {FORMAT}"));
    }
    let mut known = vec!["parsheet", "format", "fingerprint", "build", "computation", "inputs", "tally"];
    if kind == Kind::Shard {
        known.extend(["command", "shard"]);
    }
    if let Some(k) = doc.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!("field {k:?} does not belong in a {} file", kind.name()));
    }
    let (command, shard) = if kind == Kind::Shard {
        let command = doc
            .get("command")
            .and_then(Value::as_array)
            .and_then(|a| a.iter().map(|x| x.as_str().map(str::to_string)).collect::<Option<Vec<_>>>())
            .filter(|c| !c.is_empty() && c.len() <= 200)
            .ok_or("field \"command\" is not a list of arguments")?;
        (Some(command), Some(string("shard")?.parse::<Shard>()?))
    } else {
        (None, None)
    };
    let file = CountFile { kind, build: string("build")?, computation: string("computation")?, inputs: string("inputs")?, command, shard, tally: Tally::new() };
    if string("fingerprint")? != file.fingerprint() {
        return Err("its fingerprint is not that of its computation, inputs and build".into());
    }
    Ok((file, tally))
}

fn encode_tally(t: &Tally) -> Value {
    let parts: Vec<Value> = t
        .parts()
        .iter()
        .map(|(name, values)| {
            let mut bytes = Vec::with_capacity(values.len() * 2);
            for &v in values {
                let mut z = ((v << 1) ^ (v >> 127)) as u128;
                loop {
                    let low = (z & 0x7f) as u8;
                    z >>= 7;
                    if z == 0 {
                        bytes.push(low);
                        break;
                    }
                    bytes.push(low | 0x80);
                }
            }
            json!({"name": name, "values": values.len(), "data": base64::engine::general_purpose::STANDARD.encode(bytes)})
        })
        .collect();
    json!({"encoding": ENCODING, "parts": parts})
}

/// The tally's parts with their data still base64 (`data`: the place of each part's, by path),
/// checked for shape: each value takes at least one byte, so nothing is allocated beyond the
/// file's size.
fn encoded_tally(v: Option<Value>, text: &str, data: &[(String, Range<usize>)]) -> Result<Parts, String> {
    let Some(Value::Object(mut t)) = v else { return Err("field \"tally\" is missing or not an object".into()) };
    if t.get("encoding").and_then(Value::as_str) != Some(ENCODING) || t.len() != 2 {
        return Err(format!("\"tally\" is not {{\"encoding\": {ENCODING:?}, \"parts\": [...]}}"));
    }
    let Some(Value::Array(list)) = t.remove("parts") else { return Err("\"tally\".\"parts\" is not a list".into()) };
    let mut parts: Vec<EncodedPart> = Vec::with_capacity(list.len());
    for (i, p) in list.into_iter().enumerate() {
        let at = |e: &str| format!("\"tally\".\"parts\"[{i}]: {e}");
        let Value::Object(mut p) = p else { return Err(at("not {\"name\", \"values\", \"data\"}")) };
        if p.len() != 3 {
            return Err(at("not {\"name\", \"values\", \"data\"}"));
        }
        let Some(Value::String(name)) = p.remove("name") else { return Err(at("\"name\" is not a string")) };
        if parts.iter().any(|q| q.name == name) {
            return Err(at(&format!("part {name:?} appears twice")));
        }
        let values = p.get("values").and_then(Value::as_u64).ok_or_else(|| at("\"values\" is not a count"))?;
        let Some(Value::String(_)) = p.remove("data") else { return Err(at("\"data\" is not a string")) };
        let path = format!("tally.parts[{i}].data");
        // Exactly one string at that path (a key holding dots could spell it elsewhere).
        let mut places = data.iter().filter(|(p, _)| *p == path);
        let (Some((_, range)), None) = (places.next(), places.next()) else { return Err(at("\"data\" is not one string")) };
        let range = range.clone();
        let data = &text[range.clone()];
        // The decoded length, from the text: four characters are three bytes, less the padding.
        let pad = data.bytes().rev().take_while(|&b| b == b'=').count();
        if data.len() % 4 != 0 || pad > 2 {
            return Err(at("\"data\" is not base64: its length is not whole groups of four"));
        }
        let bytes = data.len() / 4 * 3 - pad;
        if values > bytes as u64 {
            return Err(at(&format!("{values} values in {bytes} bytes")));
        }
        parts.push(EncodedPart { name, values, data: range });
    }
    Ok(Parts(parts))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(b: u8) -> SigningKey {
        SigningKey::from_bytes([b; 32])
    }

    fn sample(kind: Kind) -> CountFile {
        let edge = vec![0, 1, -1, 63, -64, 64, i128::MAX, i128::MIN, 1 << 100, -(1 << 100) - 7];
        CountFile {
            kind,
            build: "b".repeat(64),
            computation: "face-up-pai-gow base, \"quoted\"".into(),
            inputs: "deck = TJQKA/3/joker\nway = ,\"mac\":\"\n".into(),
            command: (kind == Kind::Shard).then(|| vec!["strategy".into(), "face-up-pai-gow".into()]),
            shard: (kind == Kind::Shard).then(|| Shard::new(1, 3).unwrap()),
            tally: Tally::new().with("counts", edge).with("empty", vec![]).with("more", (0..1000).map(|i| i * i * 31 - 5000).collect()),
        }
    }

    #[test]
    fn files_round_trip_every_integer() {
        for kind in [Kind::Shard, Kind::Merged, Kind::Counts] {
            let f = sample(kind);
            let bytes = f.to_bytes(&key(1));
            assert!(bytes.ends_with(b"\"}\n"));
            assert_eq!(CountFile::from_bytes(&bytes, &key(1)).unwrap(), f);
        }
    }

    #[test]
    fn any_change_to_any_byte_is_refused() {
        let bytes = sample(Kind::Shard).to_bytes(&key(1));
        assert_eq!(CountFile::from_bytes(&bytes, &key(2)), Err(FileError::BadSignature), "another key");
        // Every byte flipped, one at a time, in a sample of positions over the whole file.
        for i in (0..bytes.len()).step_by(7) {
            let mut b = bytes.clone();
            b[i] ^= 0x01;
            assert!(CountFile::from_bytes(&b, &key(1)).is_err(), "byte {i} changed and accepted");
        }
        // Truncated, or the signature removed.
        assert!(matches!(CountFile::from_bytes(&bytes[..bytes.len() / 2], &key(1)), Err(FileError::Unsigned(_))));
        let text = String::from_utf8(bytes.clone()).unwrap();
        let cut = text.rfind(",\"mac\"").unwrap();
        let unsigned = format!("{}}}", &text[..cut]);
        assert!(matches!(CountFile::from_bytes(unsigned.as_bytes(), &key(1)), Err(FileError::Unsigned(_))));
        let old = r#"{"parsheet":"counts","format":1,"tally":{}}"#;
        assert!(matches!(CountFile::from_bytes(old.as_bytes(), &key(1)), Err(FileError::Unsigned(e)) if e.contains("format 1")));
    }

    /// What a key holder signs is still read strictly.
    #[test]
    fn signed_nonsense_is_refused() {
        let k = key(1);
        let sign = |body: &str| {
            let mut b = body.as_bytes().to_vec();
            let mac = k.sign(&b);
            b.pop();
            b.extend_from_slice(format!(",\"mac\":\"{mac}\"}}").as_bytes());
            b
        };
        let good = String::from_utf8(sample(Kind::Counts).to_bytes(&k)).unwrap();
        let body = format!("{}}}", &good[..good.rfind(",\"mac\"").unwrap()]);
        assert!(CountFile::from_bytes(&sign(&body), &k).is_ok());
        let cases = [
            (body.replacen("\"format\":2", "\"format\":2,\"format\":2", 1), "twice"),
            (body.replacen("\"parsheet\":\"counts\"", "\"parsheet\":\"counts\",\"command\":[\"x\"]", 1), "does not belong"),
            (body.replacen("\"format\":2", "\"format\":3", 1), "format"),
            (body.replacen("\"values\":1000", "\"values\":999", 1), "whole values"),
            (body.replacen("\"values\":1000", "\"values\":100000000", 1), "values in"),
            (body.replacen("face-up-pai-gow base", "face-up-pai-gow base!", 1), "fingerprint"),
        ];
        for (text, problem) in cases {
            assert_ne!(text, body);
            match CountFile::from_bytes(&sign(&text), &k) {
                Err(FileError::Malformed(e)) => assert!(e.contains(problem), "{problem}: {e}"),
                other => panic!("{problem}: {other:?}"),
            }
        }
    }
}
