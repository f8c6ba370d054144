//! The program validates a house way by one hand per dealer class (`validate_classes`), relying
//! on a way setting every hand of a class alike. These tests hold that against the hand-by-hand
//! validator (`validate_deck`, every suit class of seven cards): the same verdict for every
//! built-in way and for broken ones, and, hand by hand, the same setting values as the hand of
//! the hand's class, built here from the hand alone by the rule of the solver's essay.

use parsheet_cards::{binomial, Card, CardSet, Rank, Suit};
use parsheet_games::house_way::{for_each_hand_class, validate_deck, Deck, HouseWay};
use parsheet_games::strategy::face_up_pai_gow::validate_classes;
use parsheet_tables::house_way::{builtin, builtin_ids, builtin_specs, parse};

/// Decks where flushes, straights, the joker and every rank count occur.
const DECKS: [Deck; 4] = [
    Deck { rank_mask: 0b1_0000_0000_0111, suits: 4, joker: true },
    Deck { rank_mask: 0b1_0000_0001_1111, suits: 3, joker: false },
    Deck { rank_mask: 0b1_1111_0000_0000, suits: 3, joker: true },
    Deck { rank_mask: 0b1_0101_0101_0101, suits: 2, joker: true },
];

fn every_builtin_way() -> Vec<HouseWay> {
    let mut ways: Vec<HouseWay> = builtin_ids().iter().flat_map(|id| builtin_specs(id).unwrap()).map(|s| builtin(&s).unwrap()).collect();
    ways.push(HouseWay::highest_high());
    ways
}

/// Ways that leave hands unset: one knows only no-pair hands; one only hands with a ten or
/// better (a hole that reduced decks of high ranks never meet); one plays a low pair of aces.
fn broken_ways() -> Vec<HouseWay> {
    let partial = parse("partial.json", r#"{"schema":1,"id":"partial","title":"t","source":"s","rules":[{"name":"no pair","when":{"shape":["no-pair"]},"plays":[{"prefer":"low"}]}]}"#, "").unwrap();
    let aces = parse("aces.json", r#"{"schema":1,"id":"aces","title":"t","source":"s","rules":[{"name":"all","plays":[{"low":"pair","low_at_least":"A"}]}]}"#, "").unwrap();
    let mut ten = builtin("highest-high").unwrap();
    ten.rules[0].when.single_at_least = Some(8);
    let mut second = ten.rules[0].clone();
    second.when.single_at_least = None;
    second.when.pair_at_least = Some(8);
    let mut third = second.clone();
    third.when.pair_at_least = None;
    third.when.top_rank = Some((8, 12));
    ten.rules.extend([second, third]);
    ten.id = "ten-or-better".into();
    vec![partial, aces, ten]
}

/// The hand of `hand`'s dealer class: a hand that can flush (five cards of a suit, or four and
/// the joker) keeps its flush ranks in the first suit and puts the k-th copy of each other rank
/// in suit k + 1; any other hand gives the copies of its ranks, from the lowest rank up, the
/// suits in turn.
fn class_hand(hand: CardSet) -> CardSet {
    let joker = hand.contains(Card::JOKER);
    let mut out = if joker { CardSet::EMPTY.with(Card::JOKER) } else { CardSet::EMPTY };
    let flush = Suit::ALL.into_iter().find(|&s| hand.suit_ranks(s).count_ones() + joker as u32 >= 5);
    let mut copies = [0u8; 13];
    let mut turn = 0u8;
    for r in 0..13u8 {
        for s in Suit::ALL {
            if hand.suit_ranks(s) >> r & 1 == 0 {
                continue;
            }
            let to = match flush {
                Some(f) if f == s => Suit(0),
                Some(_) => {
                    copies[r as usize] += 1;
                    Suit(copies[r as usize])
                }
                None => {
                    turn += 1;
                    Suit((turn - 1) % 4)
                }
            };
            out = out.with(Card::new(Rank(r), to));
        }
    }
    assert_eq!(out.len(), 7, "{hand} -> {out}");
    out
}

#[test]
fn the_class_wise_verdict_is_the_hand_wise_one() {
    let mut refused = 0;
    for deck in DECKS {
        for way in every_builtin_way().iter().chain(&broken_ways()) {
            let by_hand = validate_deck(way, deck);
            let by_class = validate_classes(way, deck);
            assert_eq!(by_class.is_ok(), by_hand.is_ok(), "{deck:?} {}: by class {by_class:?}, by hand {by_hand:?}", way.id);
            match by_class {
                Ok(n) => assert_eq!(n, binomial(deck.cards().len() as u64, 7), "{deck:?} {}", way.id),
                Err(e) => {
                    refused += 1;
                    // The hand named is one the way truly leaves unset.
                    assert!(way.set(e.hand).is_err() || e.problem.contains("illegal"), "{deck:?} {}: {e}", way.id);
                }
            }
        }
    }
    assert!(refused >= 6, "the broken ways are refused on some decks ({refused})");
}

/// Ways checked together in one pass (as the report checks its ways) get each the verdict of its
/// own check: the same count, or the same first hand and problem, the broken ways among the
/// built-in ones.
#[test]
fn ways_checked_together_get_each_its_own_verdict() {
    use parsheet_games::strategy::face_up_pai_gow::validate_classes_all;
    let mut ways = every_builtin_way();
    for (i, b) in broken_ways().into_iter().enumerate() {
        ways.insert((2 * i + 1).min(ways.len()), b);
    }
    let refs: Vec<_> = ways.iter().collect();
    let mut refused = 0;
    for deck in DECKS.into_iter().chain([Deck::FULL]) {
        let together = validate_classes_all(&refs, deck);
        assert_eq!(together.len(), ways.len());
        for (way, verdict) in ways.iter().zip(together) {
            if let Err(e) = &verdict {
                refused += 1;
                // The hand named is one the way truly leaves unset (or sets illegally).
                assert!(way.set(e.hand).is_err() || e.problem.contains("illegal"), "{deck:?} {}: {e}", way.id);
            }
            assert_eq!(verdict, validate_classes(way, deck), "{deck:?} {}", way.id);
        }
    }
    assert!(refused >= 6, "some ways refused ({refused})");
}

#[test]
fn the_full_deck_verdict_for_the_broken_ways() {
    // On the full deck every broken way is refused class-wise as hand-wise (the built-in ways
    // pass both: `builtin_house_ways_set_every_hand_of_the_deck`, `house_way_validation`).
    for way in broken_ways() {
        let e = validate_classes(&way, Deck::FULL).unwrap_err();
        assert!(way.set(e.hand).is_err(), "{}: {e}", way.id);
    }
    for way in every_builtin_way() {
        assert_eq!(validate_classes(&way, Deck::FULL), Ok(binomial(53, 7)), "{}", way.id);
    }
}

#[test]
fn every_hand_is_set_as_the_hand_of_its_class() {
    for deck in DECKS {
        let ways = every_builtin_way();
        let mut hands = 0u64;
        for_each_hand_class(deck, |hand, weight| {
            hands += weight;
            let rep = class_hand(hand);
            for way in &ways {
                match (way.set(hand), way.set(rep)) {
                    (Ok(a), Ok(b)) => assert_eq!((a.high.0, a.low.0), (b.high.0, b.low.0), "{deck:?} {}: {hand} and its class's {rep}", way.id),
                    (a, b) => assert_eq!(a.is_ok(), b.is_ok(), "{deck:?} {}: {hand} and its class's {rep}", way.id),
                }
            }
        });
        assert_eq!(hands, binomial(deck.cards().len() as u64, 7), "{deck:?}");
    }
}
