//! A house way is validated once per content: `validate_stored` keeps a passed validation in the
//! program's store under the way's rules and the deck, so an unchanged way is not validated
//! again, while a way that leaves a hand unset is refused whether the store is cold or warm
//! (a failed validation is never kept, and a way edited to leave hands unset has other rules,
//! so another key). Likewise the setting a way gives each dealer class of the setting table is
//! kept, and a kept setting that is not one of its class's is refused; and so are the classes
//! each single-rule edit of a way sets otherwise, read back equal to those counted. The store
//! here is an in-memory one that counts its misses.

use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};
use std::sync::Mutex;

use parsheet_games::house_way::{validate_stored, validate_stored_all, validation_key, Condition, HouseWay, Play, Prefer, Rule};
use parsheet_eval::Category;
use parsheet_games::strategy::face_up_pai_gow::Deck;
use parsheet_shard::{Key, Shard, Store, Tally};

static COMPUTED: AtomicUsize = AtomicUsize::new(0);

static KEPT: Mutex<Vec<(String, String, Tally)>> = Mutex::new(Vec::new());

struct Memory;

impl Store for Memory {
    fn counted(&self, key: &Key, compute: &mut dyn FnMut(Shard) -> Result<Tally, String>) -> Result<Tally, String> {
        if let Some(hit) = KEPT.lock().unwrap().iter().find(|e| e.0 == key.computation && e.1 == key.inputs) {
            return Ok(hit.2.clone());
        }
        // Validations only: the other test of this file keeps settings in the same store.
        if key.computation.contains("house way set on every seven-card hand") {
            COMPUTED.fetch_add(1, SeqCst);
        }
        let t = compute(Shard::WHOLE)?;
        KEPT.lock().unwrap().push((key.computation.clone(), key.inputs.clone(), t.clone()));
        Ok(t)
    }
}

/// Complete hands only: every other hand is left unset.
fn partial() -> HouseWay {
    HouseWay {
        id: "partial".into(),
        title: "complete hands only".into(),
        rules: vec![Rule { name: "complete".into(), when: Condition { complete: Some(true), ..Condition::default() }, plays: vec![Play { prefer: Prefer::High, ..Play::default() }] }],
    }
}

#[test]
fn a_way_is_validated_once_per_content_and_an_unset_hand_is_caught_cold_and_warm() {
    let _ = parsheet_shard::install(Box::new(Memory));
    let deck = Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true };
    let hands = parsheet_cards::binomial(deck.len(), 7);

    // Cold: the partial way is refused, naming an unset hand; nothing is kept.
    let e = validate_stored(&partial(), deck).unwrap_err();
    assert!(e.contains("unset"), "{e}");
    assert_eq!(COMPUTED.load(SeqCst), 1);

    // A complete way is validated once; asked again (another name, same rules) it is read.
    let whole = HouseWay::highest_high();
    assert_eq!(validate_stored(&whole, deck).unwrap(), hands);
    let renamed = HouseWay { id: "renamed".into(), ..whole.clone() };
    assert_eq!(validate_stored(&renamed, deck).unwrap(), hands);
    assert_eq!(COMPUTED.load(SeqCst), 2, "the second validation came from the store");

    // Warm: the partial way is still refused, validated again (its failure was not kept)...
    let e = validate_stored(&partial(), deck).unwrap_err();
    assert!(e.contains("unset"), "{e}");
    assert_eq!(COMPUTED.load(SeqCst), 3);
    // ...and so is the complete way edited to leave hands unset: other rules, another key.
    let mut edited = whole.clone();
    edited.rules[0].when = Condition { complete: Some(false), ..Condition::default() };
    assert_ne!(validation_key(&edited, deck).inputs, validation_key(&whole, deck).inputs);
    assert!(validate_stored(&edited, deck).unwrap_err().contains("unset"));
    // The key names the deck: the full deck is another validation.
    assert_ne!(validation_key(&whole, deck).inputs, validation_key(&whole, Deck::FULL).inputs);
    // Never split by --shard: a check every command makes whole.
    assert!(!validation_key(&whole, deck).splits);

    // Ways checked together: one kept before (read), one that leaves hands unset (refused, not
    // kept) and one new (checked and kept), each with its own verdict.
    let lowest = HouseWay { id: "best-low".into(), title: "best low".into(), rules: vec![Rule { name: "every hand, best low".into(), when: Condition::default(), plays: vec![Play { prefer: Prefer::Low, ..Play::default() }] }] };
    let before = COMPUTED.load(SeqCst);
    let verdicts = validate_stored_all(&[&whole, &partial(), &lowest], deck);
    assert_eq!(verdicts[0], Ok(hands));
    assert!(verdicts[1].as_ref().unwrap_err().contains("unset"), "{:?}", verdicts[1]);
    assert_eq!(verdicts[2], Ok(hands));
    assert_eq!(COMPUTED.load(SeqCst) - before, 2, "the kept way read, the other two checked");
    let kept = |w: &HouseWay| KEPT.lock().unwrap().iter().any(|e| e.1 == validation_key(w, deck).inputs);
    assert!(kept(&lowest) && !kept(&partial()));
    assert_eq!(validate_stored(&lowest, deck).unwrap(), hands);
    assert_eq!(COMPUTED.load(SeqCst) - before, 2, "the new way read back");
}

#[test]
fn the_setting_a_way_gives_each_class_is_kept_and_checked_when_read_back() {
    use parsheet_games::strategy::face_up_pai_gow::{table::setting_table, AceHigh};
    let _ = parsheet_shard::install(Box::new(Memory));
    let deck = Deck { rank_mask: 0b1_1110_0000_0000, suits: 4, joker: true };
    let t = setting_table(deck, AceHigh::JokerPlaysAce, &|_, _| {}).unwrap();
    let way = HouseWay::highest_high();
    let first = t.choice(&way).unwrap();
    // This way's (the edits' test keeps others in the same store).
    let kept = |k: &(String, String, Tally)| k.0.contains("the setting a house way gives each dealer class") && k.1.contains("\"every hand\"");
    assert_eq!(KEPT.lock().unwrap().iter().filter(|k| kept(k)).count(), 1);
    assert_eq!(t.choice(&way).unwrap(), first, "read back as counted");
    assert_eq!(KEPT.lock().unwrap().iter().filter(|k| kept(k)).count(), 1, "the second came from the store");
    // A kept setting beyond its class's legal ones is refused, not read as another class's row.
    for e in KEPT.lock().unwrap().iter_mut().filter(|k| kept(k)) {
        let mut v = e.2.get("setting", first.len()).unwrap().to_vec();
        v[0] = 1000;
        e.2 = Tally::new().with("setting", v);
    }
    assert!(t.choice(&way).unwrap_err().contains("not one of its class's"));
}

#[test]
fn ways_set_together_give_each_class_what_the_way_gives_its_hand() {
    use parsheet_games::strategy::face_up_pai_gow::{table::setting_table, AceHigh};
    let _ = parsheet_shard::install(Box::new(Memory));
    let deck = Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true };
    let t = setting_table(deck, AceHigh::JokerPlaysAce, &|_, _| {}).unwrap();
    let every = |id: &str, prefer: Prefer| HouseWay { id: id.into(), title: id.into(), rules: vec![Rule { name: format!("{id}: all hands"), when: Condition::default(), plays: vec![Play { prefer, ..Play::default() }] }] };
    let (high, low) = (every("best-high", Prefer::High), every("best-low", Prefer::Low));
    // One pass for the three: the partial way's error is its own, the others are set.
    let together = t.choices(&[&high, &partial(), &low]);
    let e = together[1].as_ref().unwrap_err();
    assert!(e.contains("house way partial leaves") && e.contains("unset"), "{e}");
    for (way, choice) in [(&high, &together[0]), (&low, &together[2])] {
        let choice = choice.as_ref().unwrap();
        // Each class at the row of its hand set by the way, hand by hand.
        for k in 0..t.classes() {
            let hand = t.class(k).0;
            let s = way.set(hand).unwrap();
            assert_eq!(Some(choice[k]), t.row_of(k, (s.high.0, s.low.0)), "{} on {hand}", way.id);
        }
        // Kept under the way's own key: asked alone, it is read back the same.
        assert_eq!(&t.choice(way).unwrap(), choice);
    }
    assert_ne!(together[0], together[2], "the two ways set some class otherwise");
    // One entry per way set, none for the way that failed (this deck's: the other tests keep
    // ways of a four-suit deck in the same store).
    let entries = |rule: &str| {
        let mine = |k: &&(String, String, Tally)| k.0.contains("the setting a house way gives each dealer class") && k.1.contains("suits: 3,");
        KEPT.lock().unwrap().iter().filter(mine).filter(|k| k.1.contains(&format!("\"{rule}\""))).count()
    };
    assert_eq!((entries("best-high: all hands"), entries("best-low: all hands"), entries("complete")), (1, 1, 0));
    // One way stored (tampered with: its row beyond its class's) and one not: the stored one is
    // read, and refused; the other is counted again, alike.
    {
        let mut kept = KEPT.lock().unwrap();
        kept.retain(|k| !k.1.contains("\"best-low: all hands\""));
        for e in kept.iter_mut().filter(|k| k.1.contains("\"best-high: all hands\"")) {
            let mut v = e.2.get("setting", t.classes()).unwrap().to_vec();
            v[0] = 1000;
            e.2 = Tally::new().with("setting", v);
        }
    }
    let again = t.choices(&[&high, &low]);
    assert!(again[0].as_ref().unwrap_err().contains("not one of its class's"));
    assert_eq!(again[1], together[2]);
    assert_eq!((entries("best-high: all hands"), entries("best-low: all hands")), (1, 1));
}

#[test]
fn the_classes_each_edit_of_a_way_moves_are_kept_and_read_back_as_counted() {
    use parsheet_games::face_up_pai_gow::way_edits::evaluate_edits;
    use parsheet_games::strategy::face_up_pai_gow::{table::setting_table, AceHigh};
    let _ = parsheet_shard::install(Box::new(Memory));
    let deck = Deck { rank_mask: 0b1_1110_0000_0000, suits: 4, joker: true };
    let t = setting_table(deck, AceHigh::JokerPlaysAce, &|_, _| {}).unwrap();
    // Edits of this way both move classes (its rank bound, its plays swapped) and leave hands
    // unset (the four-of-a-kind play given to every hand: most hands have none).
    let rule = |name: &str, when: Condition, plays: Vec<Play>| Rule { name: name.into(), when, plays };
    let way = HouseWay {
        id: "three-rules".into(),
        title: "three rules".into(),
        rules: vec![
            rule("complete", Condition { complete: Some(true), ..Condition::default() }, vec![Play { prefer: Prefer::High, ..Play::default() }]),
            rule(
                "kings or better",
                Condition { pair_at_least: Some(11), ..Condition::default() },
                vec![Play { high_at_least: Some(Category::FourOfAKind), prefer: Prefer::High, ..Play::default() }, Play { prefer: Prefer::High, ..Play::default() }],
            ),
            rule("the rest", Condition::default(), vec![Play { prefer: Prefer::Low, ..Play::default() }]),
        ],
    };
    let words = |edits: &[parsheet_games::face_up_pai_gow::way_edits::Edited]| edits.iter().map(|e| format!("{} {:?}", e.description, e.result)).collect::<Vec<_>>();
    let counted = evaluate_edits(&t, &way).unwrap();
    assert!(counted.iter().any(|e| e.result.is_err()), "an edit leaves a hand unset");
    assert!(counted.iter().any(|e| e.result.as_ref().is_ok_and(|r| r.changed > 0)), "an edit moves a class");
    let kept = |k: &(String, String, Tally)| k.0.contains("each single-rule edit of a house way");
    assert_eq!(KEPT.lock().unwrap().iter().filter(|k| kept(k)).count(), 1);
    assert_eq!(words(&evaluate_edits(&t, &way).unwrap()), words(&counted), "read back as counted");
    assert_eq!(KEPT.lock().unwrap().iter().filter(|k| kept(k)).count(), 1, "the second came from the store");
    // A kept row beyond its class's legal ones is refused, not read as another class's row.
    for e in KEPT.lock().unwrap().iter_mut().filter(|k| kept(k)) {
        let part = |name: &str| e.2.part(name).unwrap().to_vec();
        let mut moved = part("moved");
        moved[2] = 1000;
        e.2 = Tally::new().with("edits", part("edits")).with("moved", moved).with("unset", part("unset"));
    }
    assert!(evaluate_edits(&t, &way).unwrap_err().contains("does not fit the setting table"));
}
