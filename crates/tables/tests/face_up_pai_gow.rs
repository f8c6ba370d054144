//! The Face Up Pai Gow main-game solver against brute force.
//!
//! Reduced decks: every ordered (dealer, player) deal, every one of the player's 21 settings
//! valued by the reference evaluator (`parsheet_reference::pai_gow`, `low_hand`), legality as
//! "high ranks at least the low" in the reference's own order, the dealer's Ace High Pai Gow by
//! the reference, and the rules of § 688a.11(f) applied setting by setting. Only the house way's
//! *choice* of cards comes from `parsheet_games::house_way` (it is the policy under test).
//! Full deck: per-dealer counts against every one of the 53,524,680 player hands, each valued
//! setting by setting.

use parsheet_cards::{binomial, Card, CardSet, Subsets};
use parsheet_games::house_way::{settings, HouseWay};
use parsheet_games::strategy::face_up_pai_gow::{
    count, count_further_ways_shard, count_house_way_player_shard, count_reading_difference_shard, count_shard, count_with, counts_from_tally, further_ways_from_tally,
    house_way_player_from_tally, reading_from_difference,
    AceHigh, Deck, Tables,
};
use parsheet_shard::{Shard, Tally};
use parsheet_reference::{low_hand, pai_gow, RefCard, RefCategory, RefValue};
use rayon::prelude::*;

fn to_ref(set: CardSet) -> Vec<RefCard> {
    set.iter().map(|c: Card| match (c.rank(), c.suit()) {
        (Some(r), Some(s)) => RefCard::natural(r.0, s.0),
        _ => RefCard::Joker,
    }).collect()
}

struct Hand {
    /// (high, low) of each legal setting, as dense ranks of the reference values.
    legal: Vec<(u32, u32)>,
    way: (u32, u32),
    ace_high: bool,
}

fn dense(values: &mut Vec<RefValue>) -> impl Fn(&RefValue) -> u32 + '_ {
    values.sort();
    values.dedup();
    move |v| values.binary_search(v).unwrap() as u32
}

/// Win, push, lose of both policies and the Ace High pushes, by brute force over every deal
/// (`natural_ace_only`: only a dealer's ace-high hand without the joker pushes).
fn brute(deck: Deck, way: &HouseWay, natural_ace_only: bool) -> ([u128; 3], [u128; 3], u128) {
    let cards = deck.cards();
    let hands: Vec<CardSet> = Subsets::new(&cards, 7).collect();
    // Every setting of every hand, valued by the reference evaluator.
    let raw: Vec<(Vec<(RefValue, RefValue)>, (RefValue, RefValue), bool)> = hands
        .par_iter()
        .map(|&h| {
            let list: Vec<RefCard> = to_ref(h);
            let mut all = Vec::new();
            for i in 0..7 {
                for j in i + 1..7 {
                    let low: Vec<RefCard> = vec![list[i], list[j]];
                    let high: Vec<RefCard> = (0..7).filter(|&k| k != i && k != j).map(|k| list[k]).collect();
                    all.push((pai_gow(&high), low_hand(&low)));
                }
            }
            let s = way.set(h).unwrap();
            let chosen = (pai_gow(&to_ref(h.minus(s.low_cards))), low_hand(&to_ref(s.low_cards)));
            let seven = pai_gow(&list);
            let ace_high = seven.category == RefCategory::HighCard && seven.tiebreak[0] == 12 && !(natural_ace_only && h.has_joker());
            (all, chosen, ace_high)
        })
        .collect();
    let mut highs: Vec<RefValue> = raw.iter().flat_map(|r| r.0.iter().map(|s| s.0.clone())).collect();
    let mut lows: Vec<RefValue> = raw.iter().flat_map(|r| r.0.iter().map(|s| s.1.clone())).collect();
    let hi = dense(&mut highs);
    let lo = dense(&mut lows);
    let table: Vec<Hand> = raw
        .iter()
        .map(|(all, chosen, ace_high)| {
            assert!(chosen.0 >= chosen.1, "the house way sets legally");
            Hand {
                // § 688a.11(c): the high hand ranks equal to or higher than the low.
                legal: all.iter().filter(|(h, l)| h >= l).map(|(h, l)| (hi(h), lo(l))).collect(),
                way: (hi(&chosen.0), lo(&chosen.1)),
                ace_high: *ace_high,
            }
        })
        .collect();
    let settle = |(h, l): (u32, u32), (dh, dl): (u32, u32)| match (h > dh, l > dl) {
        (true, true) => 0,
        (false, false) => 2,
        _ => 1,
    };
    let results: Vec<([u128; 3], [u128; 3], u128)> = (0..hands.len())
        .into_par_iter()
        .map(|d| {
            let (mut opt, mut way, mut ace) = ([0u128; 3], [0u128; 3], 0u128);
            let dealer = &table[d];
            for p in 0..hands.len() {
                if !hands[p].is_disjoint(hands[d]) {
                    continue;
                }
                if dealer.ace_high {
                    ace += 1;
                    continue;
                }
                let player = &table[p];
                // The player's best outcome over his legal settings.
                let best = player.legal.iter().map(|&s| settle(s, dealer.way)).min().unwrap();
                // The summarised rule (docs, `parsheet strategy face-up-pai-gow`): among the
                // settings whose low beats the dealer's low, the highest high; if none, the
                // highest high. It must reach the best outcome on every deal.
                let (dh, dl) = dealer.way;
                let rule = player
                    .legal
                    .iter()
                    .filter(|s| s.1 > dl)
                    .max()
                    .or_else(|| player.legal.iter().max())
                    .copied()
                    .unwrap();
                assert_eq!(settle(rule, (dh, dl)), best, "the summarised rule misses the best outcome");
                opt[best] += 1;
                way[settle(player.way, dealer.way)] += 1;
            }
            (opt, way, ace)
        })
        .collect();
    let mut out = ([0u128; 3], [0u128; 3], 0u128);
    for r in results {
        for i in 0..3 {
            out.0[i] += r.0[i];
            out.1[i] += r.1[i];
        }
        out.2 += r.2;
    }
    out
}

fn check(deck: Deck, way: &HouseWay) {
    let c = count(deck, way, &|_, _| {});
    let (opt, hw, ace) = brute(deck, way, false);
    assert_eq!((c.optimal, c.house_way, c.ace_high), (opt, hw, ace), "{deck:?} {}", way.id);
    assert!(c.optimal[0] > 0 && c.optimal[2] > 0, "{deck:?}: a deck where both sides win");
    assert_eq!(house_way_player(deck, way, AceHigh::JokerPlaysAce), (hw, ace), "{deck:?} {}: the house-way player counted alone", way.id);
}

/// The count of the house-way player alone (the optimal player's channels left out).
fn house_way_player(deck: Deck, way: &HouseWay, reading: AceHigh) -> ([u128; 3], u128) {
    house_way_player_from_tally(deck, &count_house_way_player_shard(deck, way, reading, Shard::WHOLE, &|_, _| {})).unwrap()
}

fn foxwoods() -> HouseWay {
    parsheet_tables::house_way::builtin("foxwoods").unwrap()
}

#[test]
fn reduced_deck_with_the_joker_four_suits() {
    // 2, 3, 4, A in four suits and the joker: wheels and flushes made with the joker, five aces.
    let deck = Deck { rank_mask: 0b1_0000_0000_0111, suits: 4, joker: true };
    check(deck, &HouseWay::highest_high());
    check(deck, &foxwoods());
}

#[test]
fn shards_add_up_to_the_whole_count() {
    // Each shard counts the dealer rank classes assigned to it; the tallies add to the whole,
    // whose counts the brute force above checks. A missing or doubled shard misses the cycle.
    let deck = Deck { rank_mask: 0b1_0000_0000_0111, suits: 4, joker: true };
    let way = foxwoods();
    let whole = count(deck, &way, &|_, _| {});
    for n in [2, 3, 7] {
        let parts: Vec<Tally> = (0..n).map(|k| count_shard(deck, &way, Shard::new(k, n).unwrap(), &|_, _| {})).collect();
        assert_eq!(counts_from_tally(deck, &Tally::sum(parts.clone()).unwrap()).unwrap(), whole, "{n} shards");
        assert!(counts_from_tally(deck, &Tally::sum(parts[1..].to_vec()).unwrap()).is_err(), "{n} shards, the first missing");
        let mut twice = parts.clone();
        twice.push(parts[0].clone());
        assert!(counts_from_tally(deck, &Tally::sum(twice).unwrap()).is_err(), "{n} shards, the first twice");
        let parts: Vec<Tally> = (0..n).map(|k| count_house_way_player_shard(deck, &way, AceHigh::JokerPlaysAce, Shard::new(k, n).unwrap(), &|_, _| {})).collect();
        assert_eq!(house_way_player_from_tally(deck, &Tally::sum(parts.clone()).unwrap()).unwrap(), (whole.house_way, whole.ace_high), "{n} shards, the house-way player alone");
        assert!(house_way_player_from_tally(deck, &Tally::sum(parts[1..].to_vec()).unwrap()).is_err(), "{n} shards of the house-way player, the first missing");
    }
}

#[test]
fn reduced_deck_without_the_joker() {
    // 2-6 and A in three suits: flushes, straight flushes, both top straights.
    let deck = Deck { rank_mask: 0b1_0000_0001_1111, suits: 3, joker: false };
    check(deck, &HouseWay::highest_high());
    check(deck, &foxwoods());
}

#[test]
fn reduced_deck_of_broadway_ranks_and_the_joker() {
    // T-A in three suits and the joker: royals made with the joker, two and three pair.
    let deck = Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true };
    check(deck, &HouseWay::highest_high());
    check(deck, &foxwoods());
}

/// Brute force over every player hand of the full deck against one dealer hand: [optimal w/p/l,
/// house-way w/p/l] (house way only when `with_way`).
fn brute_full(dealer: CardSet, way: &HouseWay, with_way: bool) -> [u64; 6] {
    let rest: Vec<Card> = Deck::FULL.cards().into_iter().filter(|c| !dealer.contains(*c)).collect();
    let d = way.set(dealer).unwrap();
    let (dh, dl) = (d.high, d.low);
    (0..rest.len())
        .into_par_iter()
        .map(|first| {
            let mut out = [0u64; 6];
            for tail in Subsets::new(&rest[first + 1..], 6) {
                let hand = tail.with(rest[first]);
                let all = settings(hand);
                let mut best = 2;
                for s in all.iter().filter(|s| s.legal) {
                    let o = match (s.high > dh, s.low > dl) {
                        (true, true) => 0,
                        (false, false) => 2,
                        _ => 1,
                    };
                    best = best.min(o);
                }
                out[best] += 1;
                if with_way {
                    let s = way.set_among(hand, &all).unwrap();
                    out[3 + match (s.high > dh, s.low > dl) {
                        (true, true) => 0,
                        (false, false) => 2,
                        _ => 1,
                    }] += 1;
                }
            }
            out
        })
        .reduce(|| [0; 6], |a, b| std::array::from_fn(|i| a[i] + b[i]))
}

#[test]
fn full_deck_per_dealer_hand_against_brute_force() {
    let way = foxwoods();
    let tables = Tables::new(Deck::FULL, &way);
    assert_eq!(tables.rank_classes(), 67_600);
    assert_eq!(tables.patterns(), 224_653);
    // One dealer hand, to keep the suite inside its time budget (each brute force values every
    // setting of 53,524,680 player hands, about 20 s on two cores): a royal made with the joker,
    // so a flush and a straight with the joker, the dealer's flush suit blocking player flushes in
    // it, both policies. The reduced decks cover the other cases deal by deal;
    // `full_deck_more_dealer_hands` (`--ignored`) checks a flush with a pair and a plain straight.
    per_dealer(&tables, &[("Jk Kh Qh Jh Th 3c 3d", true)]);
}

#[test]
#[ignore]
fn full_deck_more_dealer_hands() {
    let tables = Tables::new(Deck::FULL, &foxwoods());
    per_dealer(&tables, &[("As Ks 7s 4s 2s 9d 9c", true), ("8c 7d 6h 5s 4c Kd 2h", true)]);
}

fn per_dealer(tables: &Tables, dealers: &[(&str, bool)]) {
    let way = foxwoods();
    let unseen = binomial(46, 7);
    for &(dealer, with_way) in dealers {
        let d: CardSet = dealer.parse().unwrap();
        let fast = tables.against(d, &way);
        assert!(!fast.ace_high);
        let slow = brute_full(d, &way, with_way);
        assert_eq!(fast.counts[..3], slow[..3], "{dealer}: optimal");
        if with_way {
            assert_eq!(fast.counts[3..], slow[3..], "{dealer}: house way");
        }
        assert_eq!(slow[..3].iter().sum::<u64>(), unseen);
    }
}

#[test]
fn builtin_house_ways_set_every_hand_of_the_deck() {
    // Every built-in way under every combination of its options, on all 154,143,080 hands of
    // the 53-card deck, in one pass (each hand's settings computed once for all the ways).
    let mut ways = Vec::new();
    for id in parsheet_tables::house_way::builtin_ids() {
        for spec in parsheet_tables::house_way::builtin_specs(&id).unwrap() {
            ways.push(parsheet_tables::house_way::builtin(&spec).unwrap());
        }
    }
    assert!(ways.len() >= 9, "{} ways", ways.len());
    let refs: Vec<&HouseWay> = ways.iter().collect();
    let checked = parsheet_games::house_way::validate_ways(&refs, Deck::FULL).map_err(|(i, e)| format!("{}: {e}", ways[i].id));
    assert_eq!(checked, Ok(binomial(53, 7)));
}

#[test]
fn the_validator_names_a_hand_a_way_leaves_unset() {
    // A way that only knows no-pair hands fails on the first paired hand it meets.
    let text = r#"{"schema":1,"id":"partial","title":"t","source":"s","rules":[{"name":"no pair","when":{"shape":["no-pair"]},"plays":[{"prefer":"low"}]}]}"#;
    let way = parsheet_tables::house_way::parse("partial.json", text, "").unwrap();
    let e = parsheet_games::house_way::validate(&way).unwrap_err();
    assert!(e.to_string().contains("no rule applies"), "{e}");
    // And a play no hand can meet: a low pair of aces from a hand without two aces.
    let text = r#"{"schema":1,"id":"p","title":"t","source":"s","rules":[{"name":"all","plays":[{"low":"pair","low_at_least":"A"}]}]}"#;
    let way = parsheet_tables::house_way::parse("p.json", text, "").unwrap();
    assert!(parsheet_games::house_way::validate(&way).unwrap_err().problem.contains("none of its plays"));
}

/// Times the per-dealer path on a sample of dealer classes (run by hand with `--ignored`).
#[test]
#[ignore]
fn time_full_deck_sample() {
    let way = foxwoods();
    let t = std::time::Instant::now();
    let tables = Tables::new(Deck::FULL, &way);
    eprintln!("tables: {:?}", t.elapsed());
    let mut classes = Vec::new();
    parsheet_cards::iso::for_each_class(7, true, |s, w| classes.push((s, w)));
    let t = std::time::Instant::now();
    let n = 100;
    let step = classes.len() / n;
    let sample: Vec<_> = (0..n).map(|i| classes[i * step].0).collect();
    let _: Vec<_> = sample.par_iter().map(|&d| tables.against(d, &way)).collect();
    let per = t.elapsed() / n as u32;
    eprintln!("{} classes; {:?} per dealer class on 2 threads; estimate {:?}", classes.len(), per, per * classes.len() as u32);
}

/// The full-deck count with its progress (steps: rank classes, then dealer hands that can flush)
/// timed on stderr (run by hand with `--ignored`; `FUPG_WAY` picks the house way).
#[test]
#[ignore]
fn time_full_deck_count() {
    let spec = std::env::var("FUPG_WAY").unwrap_or("highest-high".into());
    let way = parsheet_tables::house_way::builtin(&spec).unwrap();
    let t = std::time::Instant::now();
    let last = std::sync::Mutex::new(0u64);
    let c = count(Deck::FULL, &way, &|done, total| {
        let mut l = last.lock().unwrap();
        if done >= *l + total / 200 || done == total {
            *l = done;
            eprintln!("{:>8.1} s {done}/{total}", t.elapsed().as_secs_f64());
        }
    });
    eprintln!("{spec}: {c:?} in {:?}", t.elapsed());
}

/// `id[:options]` of every built-in way, every choice of its options.
fn every_builtin_spec() -> Vec<String> {
    parsheet_tables::house_way::builtin_ids().iter().flat_map(|id| parsheet_tables::house_way::builtin_specs(id).unwrap()).collect()
}

/// The decks of the reduced-deck tests above.
const REDUCED: [Deck; 3] = [
    Deck { rank_mask: 0b1_0000_0000_0111, suits: 4, joker: true },
    Deck { rank_mask: 0b1_0000_0001_1111, suits: 3, joker: false },
    Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true },
];

#[test]
fn the_setting_table_gives_each_way_its_direct_solve() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::strategy::face_up_pai_gow::AceHigh;
    // Every built-in way with every choice of its options, and the fixture.
    let mut ways: Vec<HouseWay> = every_builtin_spec().iter().map(|s| parsheet_tables::house_way::builtin(s).unwrap()).collect();
    ways.push(HouseWay::highest_high());
    for deck in REDUCED {
        let table = table_from_tally(deck, AceHigh::default(), &table_shard(deck, AceHigh::default(), Shard::WHOLE, &|_, _| {})).unwrap();
        for way in &ways {
            let direct = count(deck, way, &|_, _| {});
            let t = table.optimal(way).unwrap();
            assert_eq!([t.win, t.push, t.lose], direct.optimal, "{deck:?} {}", way.id);
            assert_eq!(t.ace_high, direct.ace_high);
            assert_eq!(t.cycle, deck.cycle());
        }
    }
}

/// What the report counts for a way once it holds the setting table: the optimal player's counts
/// from the table, the house-way player's alone. Equal to the count of both policies, under both
/// Ace High readings, on the reduced decks and one with Ace High Pai Gows (and hands the readings
/// tell apart); through the store's path too; a table of another deck or reading is refused.
#[test]
fn the_count_using_the_setting_table_equals_the_count_of_both_policies() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::strategy::face_up_pai_gow::{count_stored_ahead, count_with_table};
    let ways: Vec<HouseWay> = ["foxwoods", "highest-high", "santa-ana-star", "foxwoods-british-columbia", "foxwoods:full-house-front=highest-permissible"].iter().map(|s| parsheet_tables::house_way::builtin(s).unwrap()).chain([HouseWay::highest_high()]).collect();
    let gaps = Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true };
    let decks = [REDUCED[0], REDUCED[1], REDUCED[2], gaps];
    let mut pushes = [0u128; 2];
    for (i, deck) in decks.into_iter().enumerate() {
        for (r, reading) in [AceHigh::JokerPlaysAce, AceHigh::NaturalAceOnly].into_iter().enumerate() {
            let table = table_from_tally(deck, reading, &table_shard(deck, reading, Shard::WHOLE, &|_, _| {})).unwrap();
            for way in &ways {
                let direct = count_with(deck, way, reading, &|_, _| {});
                assert_eq!(count_with_table(deck, way, reading, &table, &|_, _| {}).unwrap(), direct, "{deck:?} {} {}", way.id, reading.id());
                // No store in this program: the whole count, found with the table or without.
                assert_eq!(count_stored_ahead(deck, way, reading, Some(&table), &[], &|_, _| {}).unwrap().0, direct, "{deck:?} {} {}", way.id, reading.id());
                assert_eq!(count_stored_ahead(deck, way, reading, None, &[], &|_, _| {}).unwrap().0, direct, "{deck:?} {} {}", way.id, reading.id());
                if deck == gaps {
                    pushes[r] = direct.ace_high;
                }
            }
            let other_reading = if reading == AceHigh::JokerPlaysAce { AceHigh::NaturalAceOnly } else { AceHigh::JokerPlaysAce };
            let err = count_with_table(deck, &ways[0], other_reading, &table, &|_, _| {}).unwrap_err();
            assert!(err.contains("cannot price"), "{err}");
            let err = count_stored_ahead(decks[(i + 1) % decks.len()], &ways[0], reading, Some(&table), &[], &|_, _| {}).err().expect("refused");
            assert!(err.contains("cannot price"), "{err}");
        }
    }
    // The check sees Ace High pushes, and hands the readings push differently.
    assert!(pushes[0] > 0 && pushes[0] != pushes[1], "{pushes:?}");
}

/// The full-deck setting table, timed by hand (`--ignored`, under `/usr/bin/time`): the table
/// once, then each built-in way's optimal-player result and the bounds, on stderr.
#[test]
#[ignore]
fn time_full_deck_table() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::strategy::face_up_pai_gow::AceHigh;
    let reading = std::env::var("FUPG_READING").ok().and_then(|r| AceHigh::from_id(&r)).unwrap_or_default();
    let t = std::time::Instant::now();
    let tally = table_shard(Deck::FULL, reading, Shard::WHOLE, &|_, _| {});
    eprintln!("table ({}): {:?}", reading.id(), t.elapsed());
    // What a cached table costs before the first lookup: the tally checked and the dealer classes
    // rebuilt (the file itself is the store's).
    let t = std::time::Instant::now();
    let table = table_from_tally(Deck::FULL, reading, &tally).unwrap();
    eprintln!("table from its tally: {:?}", t.elapsed());
    for spec in ["foxwoods", "foxwoods:full-house-front=highest-permissible", "highest-high"] {
        let way = parsheet_tables::house_way::builtin(spec).unwrap();
        let t = std::time::Instant::now();
        let o = table.optimal(&way).unwrap();
        eprintln!("{spec}: {o:?} edge {} in {:?}", o.house_edge(), t.elapsed());
    }
    let t = std::time::Instant::now();
    let b = table.bounds();
    eprintln!("dealer-best {:?} edge {}", b.dealer_best, b.dealer_best.house_edge());
    eprintln!("dealer-worst {:?} edge {}", b.dealer_worst, b.dealer_worst.house_edge());
    eprintln!("bounds in {:?}", t.elapsed());
}

#[test]
fn setting_table_shards_add_up_to_the_whole_table() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::strategy::face_up_pai_gow::AceHigh;
    let deck = REDUCED[2];
    let whole = table_shard(deck, AceHigh::default(), Shard::WHOLE, &|_, _| {});
    let parts: Vec<Tally> = (0..3).map(|k| table_shard(deck, AceHigh::default(), Shard::new(k, 3).unwrap(), &|_, _| {})).collect();
    assert_eq!(Tally::sum(parts.clone()).unwrap(), whole);
    assert!(table_from_tally(deck, AceHigh::default(), &Tally::sum(parts[..2].to_vec()).unwrap()).is_err(), "a shard missing");
}

/// The setting table of the full deck against the direct solve of each built-in way and option
/// (about 3 minutes on two cores; run by hand with `--ignored`, result in docs/PERFORMANCE.md).
#[test]
#[ignore]
fn full_deck_setting_table_equals_direct_solves() {
    use parsheet_games::strategy::face_up_pai_gow::table::setting_table;
    use parsheet_games::strategy::face_up_pai_gow::AceHigh;
    let table = setting_table(Deck::FULL, AceHigh::default(), &|_, _| {}).unwrap();
    for spec in every_builtin_spec() {
        let spec = spec.as_str();
        let way = parsheet_tables::house_way::builtin(spec).unwrap();
        let direct = count(Deck::FULL, &way, &|_, _| {});
        let t = table.optimal(&way).unwrap();
        eprintln!("{spec}: table {:?}, direct {:?}", [t.win, t.push, t.lose, t.ace_high], direct);
        assert_eq!([t.win, t.push, t.lose], direct.optimal, "{spec}");
        assert_eq!(t.ace_high, direct.ace_high, "{spec}");
    }
}

/// Further ways' house-way player from a base way's count and their differences.
fn from_base(deck: Deck, ways: &[HouseWay], base: &HouseWay, reading: AceHigh) -> Vec<([u128; 3], u128)> {
    let tally = count_further_ways_shard(deck, ways, base, reading, Shard::WHOLE, None, &|_, _| {});
    further_ways_from_tally(deck, house_way_player(deck, base, reading), ways.len(), &tally).unwrap()
}

#[test]
fn further_ways_counted_from_a_base_way_equal_their_own_counts() {
    // Every built-in way with every choice of its options and the fixture, all at once, from
    // Foxwoods and from the fixture (which sets most hands otherwise), under both readings,
    // equal to each way's own count; brute force for a few, independently of both counts.
    let gaps = Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true };
    let mut ways: Vec<HouseWay> = every_builtin_spec().iter().map(|s| parsheet_tables::house_way::builtin(s).unwrap()).collect();
    ways.push(HouseWay::highest_high());
    let mut differed = 0;
    let mut paths = [0; 2];
    for deck in REDUCED.into_iter().chain([gaps]) {
        let readings: &[AceHigh] = if deck.joker { &[AceHigh::JokerPlaysAce, AceHigh::NaturalAceOnly] } else { &[AceHigh::JokerPlaysAce] };
        for &reading in readings {
            for base in [foxwoods(), HouseWay::highest_high()] {
                let base_counts = house_way_player(deck, &base, reading);
                let tally = count_further_ways_shard(deck, &ways, &base, reading, Shard::WHOLE, None, &|_, _| {});
                let counted = further_ways_from_tally(deck, base_counts, ways.len(), &tally).unwrap();
                // Each way from the difference, or (far from the base) on its own: both occur.
                for own in tally.get("further-ways", 3 * ways.len()).unwrap().chunks(3).map(|c| c[0]) {
                    paths[own as usize] += 1;
                }
                for (way, counted) in ways.iter().zip(counted) {
                    let own = house_way_player(deck, way, reading);
                    assert_eq!(counted, own, "{deck:?} {reading:?}: {} from {}", way.id, base.id);
                    differed += (own != base_counts) as u32;
                }
                // One way alone, as when a single way is asked.
                assert_eq!(from_base(deck, &ways[..1], &base, reading)[0], house_way_player(deck, &ways[0], reading));
            }
        }
    }
    assert!(differed > 20, "ways whose counts differ from their base's: {differed}");
    assert!(paths[0] > 20 && paths[1] > 5, "ways from the difference, and on their own: {paths:?}");
    for (deck, reading) in [(REDUCED[0], AceHigh::JokerPlaysAce), (REDUCED[1], AceHigh::JokerPlaysAce), (gaps, AceHigh::NaturalAceOnly)] {
        let (_, hw, ace) = brute(deck, &foxwoods(), reading == AceHigh::NaturalAceOnly);
        assert_eq!(from_base(deck, &[foxwoods()], &HouseWay::highest_high(), reading), vec![(hw, ace)], "{deck:?} {reading:?}: brute force");
    }
}

/// What the base way's count asks ahead when the setting table is held (`Ahead`): the further
/// ways' first run and the natural-ace-only reading's house-way part, in the base's engine run,
/// and the reading's optimal part from the table's rows of the classes that push. Each count
/// through it equals its own count: the base's of both policies, every further way's house-way
/// player, the reading's counts of both policies; on decks with hands the readings tell apart,
/// from two bases. What was asked of other ways or another base is not read.
#[test]
fn what_the_base_count_asks_ahead_gives_every_later_count_its_own() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::strategy::face_up_pai_gow::{count_stored_ahead, further_ways_stored, reading_from_text_stored};
    let gaps = Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true };
    let wider = Deck { rank_mask: 0b1_1101_0101_0101, suits: 2, joker: true };
    let mut ways: Vec<HouseWay> = ["santa-ana-star", "foxwoods-british-columbia", "foxwoods:full-house-front=highest-permissible"].iter().map(|s| parsheet_tables::house_way::builtin(s).unwrap()).collect();
    ways.push(HouseWay::highest_high());
    let (text, nao) = (AceHigh::JokerPlaysAce, AceHigh::NaturalAceOnly);
    let mut readings_differ = 0;
    let mut paths = [0; 2];
    for deck in [REDUCED[0], REDUCED[1], gaps, wider] {
        let table = table_from_tally(deck, text, &table_shard(deck, text, Shard::WHOLE, &|_, _| {})).unwrap();
        for base in [foxwoods(), HouseWay::highest_high()] {
            let further: Vec<HouseWay> = ways.iter().filter(|w| w.rules != base.rules).cloned().collect();
            let (counts, ahead) = count_stored_ahead(deck, &base, text, Some(&table), &further, &|_, _| {}).unwrap();
            let ahead = ahead.expect("counted with the table, so asked ahead");
            assert_eq!(counts, count_with(deck, &base, text, &|_, _| {}), "{deck:?} {}", base.id);
            assert!(ahead.has_first_run(deck, &further, &base, text) && ahead.has_reading(deck, &base, nao), "{deck:?} {}", base.id);
            // Not read for other ways (fewer, or in another order), another base or another deck.
            let reversed: Vec<HouseWay> = further.iter().rev().cloned().collect();
            assert!(!ahead.has_first_run(deck, &further[1..], &base, text) && !ahead.has_first_run(deck, &reversed, &base, text));
            assert!(!ahead.has_first_run(deck, &further, &further[0], text) && !ahead.has_first_run(REDUCED[2], &further, &base, text));
            assert!(!ahead.has_reading(deck, &further[0], nao) && !ahead.has_first_run(deck, &further, &base, nao));
            let from_ahead = further_ways_stored(deck, &further, &base, (counts.house_way, counts.ace_high), text, Some(&ahead), &|_, _| {}).unwrap();
            for (way, c) in further.iter().zip(&from_ahead) {
                assert_eq!(*c, house_way_player(deck, way, text), "{deck:?} {} from {}", way.id, base.id);
            }
            // The same tally with the first run read or counted; read, its progress weight (4 of
            // the steps' total, `count_further_ways_shard`) is left out, so it was not counted.
            let last_total = |ahead| {
                let last = std::sync::Mutex::new(0);
                let tally = count_further_ways_shard(deck, &further, &base, text, Shard::WHOLE, ahead, &|_, total| *last.lock().unwrap() = total);
                (tally, last.into_inner().unwrap())
            };
            let ((read, read_total), (counted, counted_total)) = (last_total(Some(&ahead)), last_total(None));
            assert_eq!(read, counted, "{deck:?} {}: the same tally", base.id);
            assert_eq!(counted_total - read_total, 4, "{deck:?} {}: the first run read, not counted", base.id);
            for own in read.get("further-ways", 3 * further.len()).unwrap().chunks(3).map(|c| c[0]) {
                paths[own as usize] += 1;
            }
            // A shard counts its own first run: the shards add up to the same tally.
            let parts: Vec<Tally> = (0..2).map(|k| count_further_ways_shard(deck, &further, &base, text, Shard::new(k, 2).unwrap(), Some(&ahead), &|_, _| {})).collect();
            assert_eq!(Tally::sum(parts).unwrap(), counted, "{deck:?} {}: two shards", base.id);
            // The reading's difference with no engine run (which reports progress), and equal to
            // the reading's own count.
            let own = count_with(deck, &base, nao, &|_, _| {});
            let runs = std::sync::atomic::AtomicU32::new(0);
            let from_text = reading_from_text_stored(deck, &base, nao, &counts, Some(&table), Some(&ahead), &|_, _| {
                runs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            });
            assert_eq!(from_text.unwrap(), own, "{deck:?} {}: natural-ace-only", base.id);
            assert_eq!(runs.into_inner(), 0, "{deck:?} {}: no engine run", base.id);
            readings_differ += (own != counts) as u32;
        }
    }
    assert!(readings_differ >= 4, "bases whose readings' counts differ: {readings_differ}");
    assert!(paths[0] > 4 && paths[1] > 2, "ways from the difference, and on their own: {paths:?}");
}

/// The table's rows of the classes that push, read for the other reading's optimal player
/// (`SettingTable::reading_difference`), equal the engine's count of that difference
/// (`count_reading_difference_shard`, both policies; its optimal part and the pushes) on decks
/// whose joker hands the readings tell apart, under several ways.
#[test]
fn the_tables_rows_of_the_classes_that_push_give_the_other_readings_difference() {
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    let gaps = Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true };
    let wider = Deck { rank_mask: 0b1_1101_0101_0101, suits: 2, joker: true };
    let ways: Vec<HouseWay> = ["foxwoods", "santa-ana-star", "foxwoods-british-columbia"].iter().map(|s| parsheet_tables::house_way::builtin(s).unwrap()).chain([HouseWay::highest_high()]).collect();
    let mut nonzero = 0;
    for deck in [REDUCED[0], gaps, wider] {
        let table = table_from_tally(deck, AceHigh::JokerPlaysAce, &table_shard(deck, AceHigh::JokerPlaysAce, Shard::WHOLE, &|_, _| {})).unwrap();
        for way in &ways {
            let d = count_reading_difference_shard(deck, way, AceHigh::NaturalAceOnly, Shard::WHOLE, &|_, _| {});
            let d = d.get("reading-difference", 5).unwrap();
            let from_table = table.reading_difference(way, AceHigh::NaturalAceOnly).unwrap();
            assert_eq!(from_table, [d[0], d[1], d[4]], "{deck:?} {}", way.id);
            assert_eq!(table.reading_difference(way, AceHigh::JokerPlaysAce).unwrap(), [0, 0, 0], "{deck:?} {}: its own reading", way.id);
            nonzero += (from_table[0] != 0 && from_table[2] != 0) as u32;
        }
    }
    assert!(nonzero >= 6, "ways and decks with a difference: {nonzero}");
}

/// The full deck, run once by hand (`--ignored --nocapture`; PARSHEET_WAYS=id,… for some): the
/// built-in ways' house-way player from Foxwoods's count, all at once, each equal to its own
/// count; both timed.
#[test]
#[ignore]
fn full_deck_further_ways_from_foxwoods() {
    let (deck, reading) = (Deck::FULL, AceHigh::JokerPlaysAce);
    let base = foxwoods();
    let only = std::env::var("PARSHEET_WAYS").ok();
    let ids: Vec<String> = parsheet_tables::house_way::builtin_ids().into_iter().filter(|id| id != "foxwoods" && only.as_ref().is_none_or(|o| o.split(',').any(|x| x == id))).collect();
    let ways: Vec<HouseWay> = ids.iter().map(|id| parsheet_tables::house_way::builtin(id).unwrap()).collect();
    let t = std::time::Instant::now();
    let base_counts = house_way_player(deck, &base, reading);
    eprintln!("foxwoods, its own count: {:.1} s", t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    let tally = count_further_ways_shard(deck, &ways, &base, reading, Shard::WHOLE, None, &|_, _| {});
    let counted = further_ways_from_tally(deck, base_counts, ways.len(), &tally).unwrap();
    eprintln!("{} ways from foxwoods: {:.1} s", ways.len(), t.elapsed().as_secs_f64());
    for ((id, way), counted) in ids.iter().zip(&ways).zip(counted) {
        let t = std::time::Instant::now();
        let own = house_way_player(deck, way, reading);
        eprintln!("{id}: its own count {:.1} s: {own:?}", t.elapsed().as_secs_f64());
        assert_eq!(counted, own, "{id}");
    }
}

#[test]
fn further_way_shards_add_up_and_a_missing_one_is_refused() {
    let deck = REDUCED[0];
    let (ways, base) = ([HouseWay::highest_high(), parsheet_tables::house_way::builtin("santa-ana-star").unwrap()], foxwoods());
    let base_counts = house_way_player(deck, &base, AceHigh::JokerPlaysAce);
    let own: Vec<_> = ways.iter().map(|w| house_way_player(deck, w, AceHigh::JokerPlaysAce)).collect();
    for n in [2, 3, 7] {
        let parts: Vec<Tally> = (0..n).map(|k| count_further_ways_shard(deck, &ways, &base, AceHigh::JokerPlaysAce, Shard::new(k, n).unwrap(), None, &|_, _| {})).collect();
        assert_eq!(further_ways_from_tally(deck, base_counts, 2, &Tally::sum(parts.clone()).unwrap()).unwrap(), own, "{n} shards");
        for k in [0, 1] {
            let mut missing = parts.clone();
            missing.remove(k);
            assert!(further_ways_from_tally(deck, base_counts, 2, &Tally::sum(missing).unwrap()).is_err(), "{n} shards, shard {k} missing");
            let mut twice = parts.clone();
            twice.push(parts[k].clone());
            assert!(further_ways_from_tally(deck, base_counts, 2, &Tally::sum(twice).unwrap()).is_err(), "{n} shards, shard {k} twice");
        }
    }
}

#[test]
fn the_natural_ace_only_reading_against_brute_force() {
    // Decks with the joker, where the readings differ: a dealer's joker hand with no pair,
    // straight or flush plays out instead of pushing.
    // 2 4 6 8 T Q A in two suits and the joker: no straights, flushes of four and the joker, and
    // seven-card hands with no pair, some holding the joker and no ace.
    let gaps = Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true };
    check(gaps, &foxwoods());
    for deck in [REDUCED[0], REDUCED[2], gaps] {
        let way = foxwoods();
        let c = count_with(deck, &way, AceHigh::NaturalAceOnly, &|_, _| {});
        let (opt, hw, ace) = brute(deck, &way, true);
        assert_eq!((c.optimal, c.house_way, c.ace_high), (opt, hw, ace), "{deck:?}");
        assert_eq!(house_way_player(deck, &way, AceHigh::NaturalAceOnly), (hw, ace), "{deck:?}: the house-way player counted alone");
        let text = count(deck, &way, &|_, _| {}).ace_high;
        assert!(ace < text || deck != gaps, "{deck:?}: fewer pushes than the text's reading");
        let table = parsheet_games::strategy::face_up_pai_gow::table::table_from_tally(
            deck,
            AceHigh::NaturalAceOnly,
            &parsheet_games::strategy::face_up_pai_gow::table::table_shard(deck, AceHigh::NaturalAceOnly, Shard::WHOLE, &|_, _| {}),
        )
        .unwrap();
        let t = table.optimal(&way).unwrap();
        assert_eq!(([t.win, t.push, t.lose], t.ace_high), (opt, ace), "{deck:?}: the table under the reading");
    }
}

#[test]
fn the_natural_ace_only_reading_from_the_texts_count() {
    // The reading's counts of both policies from the text's and their difference (the dealer
    // hands that push under one reading and play under the other), equal to the reading's own
    // count (held to brute force above).
    let gaps = Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true };
    // 2 4 6 8 T Q K A: seven joker hands of six of the seven ranks below the ace play out.
    let wider = Deck { rank_mask: 0b1_1101_0101_0101, suits: 2, joker: true };
    for deck in [REDUCED[0], REDUCED[1], REDUCED[2], gaps, wider] {
        for way in [foxwoods(), HouseWay::highest_high()] {
            let text = count(deck, &way, &|_, _| {});
            let tally = count_reading_difference_shard(deck, &way, AceHigh::NaturalAceOnly, Shard::WHOLE, &|_, _| {});
            let own = count_with(deck, &way, AceHigh::NaturalAceOnly, &|_, _| {});
            assert_eq!(reading_from_difference(deck, &text, &tally).unwrap(), own, "{deck:?} {}", way.id);
            // The gaps deck has joker hands with no pair, straight or flush and no ace; a deck
            // without the joker has no hand the readings tell apart.
            assert!(if deck == gaps || deck == wider { text != own } else { deck.joker || text == own }, "{deck:?}: the readings' counts");
        }
    }
    let (text, way) = (count(gaps, &foxwoods(), &|_, _| {}), foxwoods());
    let own = count_with(gaps, &way, AceHigh::NaturalAceOnly, &|_, _| {});
    for n in [2, 3] {
        let parts: Vec<Tally> = (0..n).map(|k| count_reading_difference_shard(gaps, &way, AceHigh::NaturalAceOnly, Shard::new(k, n).unwrap(), &|_, _| {})).collect();
        assert_eq!(reading_from_difference(gaps, &text, &Tally::sum(parts.clone()).unwrap()).unwrap(), own, "{n} shards");
        assert!(reading_from_difference(gaps, &text, &Tally::sum(parts[1..].to_vec()).unwrap()).is_err(), "{n} shards, the first missing");
    }
}

/// The full deck, run once by hand (`--ignored --nocapture`): the natural-ace-only reading's
/// counts against Foxwoods from the text's and their difference, equal to its own count; timed.
#[test]
#[ignore]
fn full_deck_natural_ace_only_from_the_texts_count() {
    let (deck, way) = (Deck::FULL, foxwoods());
    let t = std::time::Instant::now();
    let text = count(deck, &way, &|_, _| {});
    eprintln!("the text's reading, its own count: {:.1} s", t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    let tally = count_reading_difference_shard(deck, &way, AceHigh::NaturalAceOnly, Shard::WHOLE, &|_, _| {});
    let from_text = reading_from_difference(deck, &text, &tally).unwrap();
    eprintln!("natural-ace-only from the text's: {:.1} s", t.elapsed().as_secs_f64());
    let t = std::time::Instant::now();
    let own = count_with(deck, &way, AceHigh::NaturalAceOnly, &|_, _| {});
    eprintln!("natural-ace-only, its own count: {:.1} s: {own:?}", t.elapsed().as_secs_f64());
    assert_eq!(from_text, own);
}

#[test]
fn house_way_edits_valued_from_the_table_match_their_direct_solves() {
    use parsheet_games::house_way::HouseWay as Way;
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    use parsheet_games::face_up_pai_gow::way_edits::{evaluate_edits, Edit};
    let deck = REDUCED[2];
    let way = foxwoods();
    let table = table_from_tally(deck, AceHigh::default(), &table_shard(deck, AceHigh::default(), Shard::WHOLE, &|_, _| {})).unwrap();
    let edits = evaluate_edits(&table, &way).unwrap();
    // The first play edit and the first bound edit that change some hand of this deck.
    let changes = |e: &&parsheet_games::face_up_pai_gow::way_edits::Edited| e.result.as_ref().is_ok_and(|r| r.changed > 0);
    let play = edits.iter().filter(changes).find(|e| matches!(e.edit, Edit::Play { .. })).expect("a play edit that changes a hand");
    let bound = edits.iter().filter(changes).find(|e| matches!(e.edit, Edit::Bound { .. })).expect("a bound edit that changes a hand");
    for e in [play, bound] {
        let r = e.result.as_ref().unwrap();
        let direct = count(deck, &e.way, &|_, _| {});
        assert_eq!([r.outcome.win, r.outcome.push, r.outcome.lose], direct.optimal, "{}", e.description);
        // The hands it sets otherwise, dealer hand by dealer hand.
        let differ = |a: &Way, b: &Way, h: CardSet| {
            let (x, y) = (a.set(h).unwrap(), b.set(h).unwrap());
            (x.high, x.low) != (y.high, y.low)
        };
        let cards = deck.cards();
        let moved = Subsets::new(&cards, 7).filter(|&h| differ(&way, &e.way, h)).count() as u128;
        assert_eq!((r.changed, r.hands), (moved, binomial(deck.len(), 7) as u128), "{}", e.description);
    }
}

/// The full-deck figures of issue 26, printed (run by hand with `--ignored`; recorded in
/// docs/PERFORMANCE.md): the bounds over house ways, Foxwoods against the dealer-best way, the
/// single-rule edits of Foxwoods nearest the regulator's 98.404%, and the natural-ace-only
/// reading.
#[test]
#[ignore]
fn full_deck_house_way_figures() {
    use parsheet_games::face_up_pai_gow::way_edits::{evaluate_edits, explaining};
    use parsheet_games::strategy::face_up_pai_gow::table::setting_table;
    let pct = |r: &num_rational::BigRational| {
        let x = r * num_rational::BigRational::from_integer(100_000_000.into());
        format!("{:.6}", x.round().to_integer().to_string().parse::<f64>().unwrap() / 1e6)
    };
    for reading in AceHigh::ALL {
        let t = std::time::Instant::now();
        let table = setting_table(Deck::FULL, reading, &|_, _| {}).unwrap();
        eprintln!("== reading {} (table {:?})", reading.id(), t.elapsed());
        let b = table.bounds();
        for (name, o) in [("dealer-best", b.dealer_best), ("dealer-worst", b.dealer_worst)] {
            eprintln!("{name}: {o:?} edge {} payback {}%", o.house_edge(), pct(&o.payback()));
        }
        for spec in ["foxwoods", "foxwoods:full-house-front=highest-permissible"] {
            let way = parsheet_tables::house_way::builtin(spec).unwrap();
            let o = table.optimal(&way).unwrap();
            eprintln!("{spec}: {o:?} edge {} payback {}%", o.house_edge(), pct(&o.payback()));
            let cmp = table.compare_with_best(&way, &b).unwrap();
            eprintln!("  set as the dealer-best way: {} of {} dealer hands", cmp.alike, cmp.hands);
            for d in &cmp.by_shape {
                if d.differ > 0 {
                    eprintln!("  {:?} complete={} hands {} differ {} worth {} deals ({}% of the edge)", d.shape, d.complete, d.hands, d.differ, d.worth, pct(&num_rational::BigRational::new(d.worth.into(), cmp.cycle.into())));
                    if let Some(e) = &d.example {
                        eprintln!("    e.g. {}: way {} in front, dealer-best {} ({} deals)", e.hand, e.way_low, e.best_low, e.worth);
                    }
                }
            }
        }
        if reading == AceHigh::JokerPlaysAce {
            let t = std::time::Instant::now();
            let edits = evaluate_edits(&table, &foxwoods()).unwrap();
            let invalid = edits.iter().filter(|e| e.result.is_err()).count();
            eprintln!("{} edits of foxwoods ({invalid} leave a hand unset) in {:?}", edits.len(), t.elapsed());
            let (hits, near) = explaining(&edits, "98.404", 10);
            eprintln!("{} print as 98.404%", hits.len());
            for e in hits.iter().chain(near.iter()) {
                let r = e.result.as_ref().unwrap();
                eprintln!("  {}% share {}/{}: {}", pct(&r.outcome.payback()), r.changed, r.hands, e.description);
            }
        }
        let direct = count_with(Deck::FULL, &foxwoods(), reading, &|_, _| {});
        eprintln!("foxwoods direct under {}: {direct:?}", reading.id());
    }
}

/// The test above for every edit, not two: `explain face-up-pai-gow base` values every
/// single-rule edit of a way from the setting table, touching only the dealer classes the edit
/// can move. On a reduced deck each edited way is also solved directly, every class set again:
/// the two must agree on every edit, and an edit said to leave a hand unset must be one the
/// direct validation refuses.
#[test]
fn every_way_edit_valued_from_the_table_equals_its_direct_solve() {
    use parsheet_games::face_up_pai_gow::way_edits::evaluate_edits;
    use parsheet_games::strategy::face_up_pai_gow::table::{table_from_tally, table_shard};
    let mut checked = 0;
    for deck in [REDUCED[2]] {
        let table = table_from_tally(deck, AceHigh::default(), &table_shard(deck, AceHigh::default(), Shard::WHOLE, &|_, _| {})).unwrap();
        for spec in ["foxwoods", "santa-ana-star"] {
            let way = parsheet_tables::house_way::builtin(spec).unwrap();
            for e in evaluate_edits(&table, &way).unwrap() {
                match &e.result {
                    Ok(r) => {
                        let direct = count(deck, &e.way, &|_, _| {});
                        assert_eq!([r.outcome.win, r.outcome.push, r.outcome.lose], direct.optimal, "{deck:?} {spec}: {}", e.description);
                        checked += 1;
                    }
                    Err(_) => assert!(parsheet_games::house_way::validate_deck(&e.way, deck).is_err(), "{deck:?} {spec}: {} said unset", e.description),
                }
            }
        }
    }
    assert!(checked > 100, "{checked} edits checked");
}
