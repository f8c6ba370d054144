//! House-way input that could silently change a figure or crash a solve (issue 23): each case
//! is refused at load with an error naming the field, or (for a way that leaves hands unset)
//! by the validator on the deck being solved, before any solve.

use std::collections::HashMap;

use parsheet_cards::{binomial, iso, CardSet, Subsets};
use parsheet_games::house_way::{for_each_hand_class, validate, validate_deck, validate_ways, Deck};
use parsheet_tables::house_way::{builtin, load, parse, parse_spec, Spec};

/// A schema-1 way whose rule `when` is spliced in.
fn with_when(when: &str) -> String {
    format!(r#"{{"schema":1,"id":"w","title":"t","source":"s","rules":[{{"name":"r","when":{when},"plays":[{{"prefer":"low"}}]}},{{"name":"all","plays":[{{"prefer":"high"}}]}}]}}"#)
}

#[test]
fn a_reversed_rank_range_is_refused() {
    // Before: [A, J] was read as a range holding no rank, a rule that silently never applies.
    let e = parse("r.json", &with_when(r#"{"shape":["two-pair"],"top_rank":["A","J"]}"#), "").unwrap_err();
    assert_eq!(e.field, "rules[0].when.top_rank");
    assert!(e.problem.contains("reversed"), "{e}");
    // The same range written the right way round loads.
    parse("r.json", &with_when(r#"{"shape":["two-pair"],"top_rank":["J","A"]}"#), "").unwrap();
    parse("r.json", &with_when(r#"{"top_rank":["7","7"]}"#), "").unwrap();
}

const TWO_OPTIONS: &str = r#"{"schema":1,"id":"w","title":"t","source":"s",
  "options":[{"id":"front","description":"d","default":"a","choices":{"a":"x","b":"y"}}, OTHER],
  "rules":[{"name":"a","option":{"front":"a"},"plays":[{"prefer":"low"}]},
           {"name":"b","option":{"front":"b"},"plays":[BPLAY]}]}"#;

fn two_options(other: &str, bplay: &str) -> String {
    TWO_OPTIONS.replace("OTHER", other).replace("BPLAY", bplay)
}

#[test]
fn a_duplicate_option_id_is_refused() {
    // Before: the second declaration silently replaced the first one's choices and default.
    let text = two_options(r#"{"id":"front","description":"d","default":"c","choices":{"c":"z"}}"#, r#"{"prefer":"high"}"#);
    let e = parse("d.json", &text, "").unwrap_err();
    assert_eq!(e.field, "options[1].id");
    assert!(e.problem.contains("declared twice"), "{e}");
    // Distinct ids load.
    let text = two_options(r#"{"id":"back","description":"d","default":"c","choices":{"c":"z"}}"#, r#"{"prefer":"high"}"#);
    parse("d.json", &text, "").unwrap();
}

#[test]
fn an_option_given_twice_is_refused() {
    // Before: accepted, the last one winning, and the way's label listed both.
    let e = builtin("foxwoods:full-house-front=the-pair,full-house-front=highest-permissible").unwrap_err();
    assert!(e.problem.contains("given twice"), "{e}");
    let e = builtin("foxwoods:full-house-front=the-pair,full-house-front=the-pair").unwrap_err();
    assert!(e.problem.contains("given twice"), "{e}");
    assert_eq!(builtin("foxwoods:full-house-front=highest-permissible").unwrap().id, "foxwoods:full-house-front=highest-permissible");
}

#[test]
fn a_broken_rule_under_an_unchosen_option_is_refused() {
    // Before: rules filed under a choice other than the one picked were skipped unread, so the
    // file loaded under its default and failed only when someone picked `front=b`.
    let text = two_options(r#"{"id":"back","description":"d","default":"c","choices":{"c":"z"}}"#, r#"{"low":"trips"}"#);
    let e = parse("o.json", &text, "").unwrap_err();
    assert_eq!(e.field, "rules[1].plays[0].low");
    let text = two_options(r#"{"id":"back","description":"d","default":"c","choices":{"c":"z"}}"#, r#"{"high_at_least":"flush"}"#).replace(r#""option":{"front":"b"}"#, r#""option":{"front":"b"},"when":{"shape":["nine-pair"]}"#);
    let e = parse("o.json", &text, "front=a").unwrap_err();
    assert_eq!(e.field, "rules[1].when.shape[0]");
}

#[test]
fn control_characters_are_refused_in_every_name() {
    let good = r#"{"schema":1,"id":"w","title":"t","source":"s",
      "options":[{"id":"o","description":"d","default":"a","choices":{"a":"x"}}],
      "rules":[{"name":"all","plays":[{"prefer":"high"}]}]}"#;
    parse("c.json", good, "").unwrap();
    // (where, the text replaced, its replacement with a control or bidirectional character)
    let cases = [
        ("id", r#""id":"w""#, r#""id":"w\u001b[2J""#),
        ("title", r#""title":"t""#, r#""title":"t\u0007""#),
        ("title", r#""title":"t""#, r#""title":"safe\u202eevil""#),
        ("options[0].id", r#""id":"o""#, r#""id":"o\n""#),
        ("options[0].choices", r#""choices":{"a":"x"}"#, r#""choices":{"a":"x","b\r":"y"}"#),
        ("options[0].choices.a", r#""choices":{"a":"x"}"#, r#""choices":{"a":"x\u0085"}"#),
        ("rules[0].name", r#""name":"all""#, r#""name":"all\u0000""#),
        ("source", r#""source":"s""#, r#""source":"s\u009b31m""#),
    ];
    for (field, from, to) in cases {
        let text = good.replace(from, to);
        assert_ne!(text, good);
        let e = parse("c.json", &text, "").unwrap_err();
        assert!(e.field.starts_with(field), "{field}: {e}");
        assert!(e.problem.contains("control character") || e.problem.contains("is not an id"), "{field}: {e}");
    }
    // An id is an identifier: markup is refused too (it reaches labels and reports).
    let e = parse("c.json", &good.replace(r#""id":"w""#, r#""id":"<script>""#), "").unwrap_err();
    assert_eq!(e.field, "id");
}

#[test]
fn a_house_way_argument_with_a_colon_in_its_path() {
    assert_eq!(parse_spec("foxwoods"), Spec::Builtin { id: "foxwoods", options: "" });
    assert_eq!(parse_spec("foxwoods:full-house-front=the-pair"), Spec::Builtin { id: "foxwoods", options: "full-house-front=the-pair" });
    assert_eq!(parse_spec("./my:way.json"), Spec::File { path: "./my:way.json", options: "" });
    assert_eq!(parse_spec("my:way.json"), Spec::File { path: "my:way.json", options: "" });
    assert_eq!(parse_spec("ways/my.json:a=b,c=d"), Spec::File { path: "ways/my.json", options: "a=b,c=d" });
    assert_eq!(parse_spec("my.json:a=b"), Spec::File { path: "my.json", options: "a=b" });
    assert_eq!(parse_spec("./my:way.json:a=b"), Spec::File { path: "./my:way.json", options: "a=b" });
    assert_eq!(parse_spec("/tmp/a:b/way"), Spec::File { path: "/tmp/a:b/way", options: "" });

    // Before: `./my:way.json` was split at its colon and `./my` was read ("No such file").
    let dir = std::env::temp_dir().join(format!("parsheet-way-colon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("my:way.json");
    std::fs::write(&file, r#"{"schema":1,"id":"colon","title":"t","source":"s","options":[{"id":"o","description":"d","default":"a","choices":{"a":"x","b":"y"}}],"rules":[{"name":"all","plays":[{"prefer":"high"}]}]}"#).unwrap();
    let path = file.to_str().unwrap().to_string();
    assert_eq!(load(&path).unwrap().id, "colon");
    assert_eq!(load(&format!("{path}:o=b")).unwrap().id, "colon:o=b");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn schema_two_fields_need_schema_two() {
    let v2_when = r#"{"shape":["two-pair"],"low_pair":["2","6"]}"#;
    let e = parse("s.json", &with_when(v2_when), "").unwrap_err();
    assert_eq!(e.field, "rules[0].when.low_pair");
    let v2 = with_when(v2_when).replace(r#""schema":1"#, r#""schema":2"#);
    let way = parse("s.json", &v2, "").unwrap();
    assert_eq!(way.rules[0].when.low_pair, Some((0, 4)));
    let e = parse("s.json", &with_when(v2_when).replace(r#""schema":1"#, r#""schema":3"#), "").unwrap_err();
    assert_eq!(e.field, "schema");
    // Schema 2 ranges and pairs of ranks are checked like `top_rank`.
    let e = parse("s.json", &v2.replace(r#"["2","6"]"#, r#"["6","2"]"#), "").unwrap_err();
    assert!(e.problem.contains("reversed"), "{e}");
    let e = parse("s.json", &v2.replace(r#""low_pair":["2","6"]"#, r#""singles_at_least":["J","A"]"#), "").unwrap_err();
    assert_eq!(e.field, "rules[0].when.singles_at_least");
}

/// A way that sets only hands holding a ten or better: a hole the full deck has and a TJQKA
/// deck does not.
fn ten_or_better_only() -> parsheet_games::house_way::HouseWay {
    let mut way = builtin("highest-high").unwrap();
    // A hand holding a ten or better has a single, a pair or a top group of ten or better.
    way.rules[0].when.single_at_least = Some(8);
    let mut second = way.rules[0].clone();
    second.when.single_at_least = None;
    second.when.pair_at_least = Some(8);
    let mut third = second.clone();
    third.when.pair_at_least = None;
    third.when.top_rank = Some((8, 12));
    way.rules.extend([second, third]);
    way
}

#[test]
fn a_way_is_validated_on_the_deck_being_solved() {
    let small = Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true };
    // Before: only the full deck was ever validated, so this way went into a reduced-deck
    // solve, which panicked ("house way partial: ...: no rule applies", exit 101).
    let partial = parse("partial.json", r#"{"schema":1,"id":"partial","title":"t","source":"s","rules":[{"name":"no pair","when":{"shape":["no-pair"]},"plays":[{"prefer":"low"}]}]}"#, "").unwrap();
    let e = validate_deck(&partial, small).unwrap_err();
    assert!(e.problem.contains("no rule applies"), "{e}");
    let deck: Vec<_> = small.cards();
    assert!(e.hand.iter().all(|c| deck.contains(&c)) && e.hand.len() == 7, "{e}");

    // A hole outside a reduced deck: refused on the full deck, valid on the small one (and
    // the small deck's solve then runs: every hand it sets is one the validator checked).
    let way = ten_or_better_only();
    let e = validate(&way).unwrap_err();
    assert!(e.hand.iter().all(|c| c.rank().is_some_and(|r| r.0 < 8)), "{e}");
    assert_eq!(validate_deck(&way, small), Ok(binomial(16, 7)));
    let counts = parsheet_games::face_up_pai_gow::main_game::count(small, &way, &|_, _| {});
    assert_eq!(counts.total(true), small.cycle());

    // Several ways in one pass name the failing one.
    let good = builtin("highest-high").unwrap();
    assert_eq!(validate_ways(&[&good, &partial], small).unwrap_err().0, 1);
    assert_eq!(validate_ways(&[&good, &way], small), Ok(binomial(16, 7)));
}

#[test]
fn the_hands_of_a_deck_by_suit_class_match_a_brute_force() {
    // Independent: every 7-card subset of the deck's cards, canonicalised one by one.
    let decks = [
        Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true },
        Deck { rank_mask: 0b1_0000_0111_1001, suits: 4, joker: false },
        Deck { rank_mask: 0b0_1111_1111_0000, suits: 2, joker: true },
        Deck { rank_mask: 0x1fff, suits: 1, joker: true },
    ];
    for deck in decks {
        let mut brute: HashMap<CardSet, u64> = HashMap::new();
        for hand in Subsets::new(&deck.cards(), 7) {
            *brute.entry(iso::canonical(hand)).or_default() += 1;
        }
        let mut classes: HashMap<CardSet, u64> = HashMap::new();
        for_each_hand_class(deck, |hand, w| assert!(classes.insert(hand, w).is_none(), "{deck:?}: {hand} twice"));
        assert_eq!(classes, brute, "{deck:?}");
        assert_eq!(classes.values().sum::<u64>(), binomial(deck.len(), 7));
    }
}

/// One cache key per computation (issue 31): a way named with its default options spelled out
/// is the bare name's count in every command (the key holds the resolved rules, not the
/// label), while a way whose rules differ gets its own.
#[test]
fn a_way_named_with_its_default_options_has_the_bare_names_count_key() {
    use parsheet_games::strategy::face_up_pai_gow::{key_with, AceHigh};
    let key = |spec: &str| {
        let k = key_with(Deck::FULL, &load(spec).unwrap(), AceHigh::JokerPlaysAce);
        (k.computation, k.inputs)
    };
    assert_eq!(key("foxwoods"), key("foxwoods:full-house-front=the-pair"));
    assert_ne!(key("foxwoods"), key("foxwoods:full-house-front=highest-permissible"));
    assert_ne!(key("foxwoods"), key("highest-high"));
}
