//! Every five-card hand, counted by category, against numbers that are
//! published or derived by hand below (never numbers this crate printed).

mod common;

use common::{count, for_each_five, Census};
use parsheet_reference::{
    deck, deuces_joker_wild, pai_gow, saigon_joker, standard, RefCategory::*, RefValue,
};
use std::collections::HashSet;

/// The textbook census of C(52,5) = 2,598,960 hands, and the well-known
/// 7,462 distinct hand values (Cactus Kev's "equivalence classes").
#[test]
fn standard_five_card_census() {
    let mut census: Census = [0; 13];
    let mut distinct: HashSet<RefValue> = HashSet::new();
    for_each_five(&deck(false), |hand| {
        let v = standard(hand);
        census[v.category as usize] += 1;
        distinct.insert(v);
    });
    assert_eq!(count(&census, RoyalFlush), 4);
    assert_eq!(count(&census, StraightFlush), 36);
    assert_eq!(count(&census, FourOfAKind), 624);
    assert_eq!(count(&census, FullHouse), 3_744);
    assert_eq!(count(&census, Flush), 5_108);
    assert_eq!(count(&census, Straight), 10_200);
    assert_eq!(count(&census, ThreeOfAKind), 54_912);
    assert_eq!(count(&census, TwoPair), 123_552);
    assert_eq!(count(&census, Pair), 1_098_240);
    assert_eq!(count(&census, HighCard), 1_302_540);
    assert_eq!(census.iter().sum::<u64>(), 2_598_960);
    assert_eq!(distinct.len(), 7_462);
}

/// The semi-wild joker over all C(53,5) = 2,869,685 hands.
///
/// Hands without the joker keep the standard census. The 270,725 joker
/// hands, split by the pattern of their four natural cards:
/// * four distinct ranks (C(13,4)*4^4 = 183,040): one suit (4*715 = 2,860)
///   reads as royal (the 5 four-card subsets of 10-J-Q-K-A, per suit: 20),
///   straight flush (4-rank sets inside some 5-rank run: 10 runs * 5 - 9
///   shared by neighbours = 41, less the 5 royal ones = 36 a suit: 144) or
///   flush (715 - 41 = 674 a suit: 2,696); mixed suits inside a run are
///   straights (41 * (256 - 4) = 10,332). The rest read the joker as an
///   ace: a pair of aces if an ace is among them (C(12,3) = 220 rank sets,
///   8 of them inside a run: 212 * 252 = 53,424), else ace-high
///   (C(12,4) = 495 rank sets, 41 - 8 = 33 inside a run: 462 * 252 =
///   116,424 high-card hands).
/// * a pair and two singles (82,368): pair of aces -> trips
///   (6*C(12,2)*16 = 6,336); another pair with an ace -> two pair
///   (12*6*4*11*4 = 12,672); another pair without an ace -> pair
///   (12*6*C(11,2)*16 = 63,360).
/// * two pairs (2,808): with aces -> aces full (6*12*6 = 432), else two
///   pair (C(12,2)*36 = 2,376).
/// * trips and a single (2,496): three aces -> four aces (4*48 = 192);
///   other trips with an ace -> full house (12*4*4 = 192); other trips ->
///   trips (12*4*11*4 = 2,112).
/// * four of a kind (13): four aces -> five aces (1); else quads (12).
#[test]
fn saigon_joker_census_53_cards() {
    let mut census: Census = [0; 13];
    let mut natural_royals = 0;
    let mut joker_royals = 0;
    for_each_five(&deck(true), |hand| {
        let v = saigon_joker(hand);
        census[v.category as usize] += 1;
        if v.category == RoyalFlush {
            match v.tiebreak.as_slice() {
                [1] => natural_royals += 1,
                [0] => joker_royals += 1,
                other => panic!("royal tiebreak {other:?}"),
            }
        }
    });
    assert_eq!(count(&census, FiveAces), 1);
    assert_eq!(natural_royals, 4);
    assert_eq!(joker_royals, 20);
    assert_eq!(count(&census, StraightFlush), 36 + 144);
    assert_eq!(count(&census, FourOfAKind), 624 + 192 + 12);
    assert_eq!(count(&census, FullHouse), 3_744 + 432 + 192);
    assert_eq!(count(&census, Flush), 5_108 + 2_696);
    assert_eq!(count(&census, Straight), 10_200 + 10_332);
    assert_eq!(count(&census, ThreeOfAKind), 54_912 + 6_336 + 2_112);
    assert_eq!(count(&census, TwoPair), 123_552 + 12_672 + 2_376);
    assert_eq!(count(&census, Pair), 1_098_240 + 53_424 + 63_360);
    assert_eq!(count(&census, HighCard), 1_302_540 + 116_424);
    assert_eq!(count(&census, FiveOfAKind), 0);
    assert_eq!(count(&census, FiveWilds), 0);
    assert_eq!(census.iter().sum::<u64>(), 2_869_685);
}

/// Face Up Pai Gow uses the same joker, so the same category counts as
/// Saigon; only the order inside straights, straight flushes and royals
/// differs. Distinct straight values: 10 (A-high, wheel, K-high .. 6-high);
/// straight flushes: 9 (wheel, K-high .. 6-high); royal: 1.
#[test]
fn pai_gow_census_53_cards() {
    let mut census: Census = [0; 13];
    let mut straights: HashSet<Vec<u8>> = HashSet::new();
    let mut straight_flushes: HashSet<Vec<u8>> = HashSet::new();
    let mut royals: HashSet<Vec<u8>> = HashSet::new();
    for_each_five(&deck(true), |hand| {
        let v = pai_gow(hand);
        census[v.category as usize] += 1;
        match v.category {
            Straight => straights.insert(v.tiebreak),
            StraightFlush => straight_flushes.insert(v.tiebreak),
            RoyalFlush => royals.insert(v.tiebreak),
            _ => false,
        };
    });
    assert_eq!(count(&census, FiveAces), 1);
    assert_eq!(count(&census, RoyalFlush), 24);
    assert_eq!(count(&census, StraightFlush), 180);
    assert_eq!(count(&census, FourOfAKind), 828);
    assert_eq!(count(&census, FullHouse), 4_368);
    assert_eq!(count(&census, Flush), 7_804);
    assert_eq!(count(&census, Straight), 20_532);
    assert_eq!(count(&census, ThreeOfAKind), 63_360);
    assert_eq!(count(&census, TwoPair), 138_600);
    assert_eq!(count(&census, Pair), 1_215_024);
    assert_eq!(count(&census, HighCard), 1_418_964);
    let mut keys: Vec<u8> = straights.into_iter().map(|t| t[0]).collect();
    keys.sort_unstable();
    assert_eq!(keys, vec![4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    let mut keys: Vec<u8> = straight_flushes.into_iter().map(|t| t[0]).collect();
    keys.sort_unstable();
    assert_eq!(keys, vec![4, 5, 6, 7, 8, 9, 10, 11, 12]);
    assert_eq!(royals.len(), 1);
}

/// DJ Wild over all C(53,5) hands, for the categories easy to count by
/// hand. Five wild cards (four deuces, joker); 48 naturals, ranks 3..A.
/// * five wilds: 1.
/// * royal flush: per suit, k >= 1 of its five royal cards with 5-k of the
///   wilds: 1 + 5*5 + 10*10 + 10*10 + 5*5 = 251, so 1,004.
/// * five of a kind: k naturals of one rank with 5-k wilds,
///   12 * (4*5 + 6*10 + 4*10 + 1*5) = 1,500, less the single ten-to-ace
///   with four wilds, which is a royal (5*4*5 = 100): 1,400.
/// * straight flush: k >= 2 distinct naturals of one suit fitting in a
///   five-rank run (ace high, or low with 3-4-5), not inside 10-J-Q-K-A.
///   Such rank sets number 31, 45, 29, 7 for k = 2..5, so
///   4 * (31*10 + 45*10 + 29*5 + 7*1) = 3,648. (k = 1 is five of a kind
///   or royal.)
#[test]
fn deuces_joker_wild_census_53_cards() {
    let mut census: Census = [0; 13];
    for_each_five(&deck(true), |hand| {
        census[deuces_joker_wild(hand).category as usize] += 1;
    });
    assert_eq!(count(&census, FiveWilds), 1);
    assert_eq!(count(&census, RoyalFlush), 1_004);
    assert_eq!(count(&census, FiveOfAKind), 1_400);
    assert_eq!(count(&census, StraightFlush), 3_648);
    assert_eq!(count(&census, FiveAces), 0);
    assert_eq!(census.iter().sum::<u64>(), 2_869_685);
}

/// Deuces wild without the joker (52 cards): the classic video-poker deal.
/// Royals: per suit 1 + 5*4 + 10*6 + 10*4 + 5*1 = 126, so 504. Five of a
/// kind: four deuces and any card (48), three deuces and a pair (4*12*6 =
/// 288), two deuces and trips (6*12*4 = 288), a deuce and quads (4*12 =
/// 48): 672, as in Alspach, "Wild Cards in Profusion"; less the 20
/// four-deuce hands whose fifth card is a ten to ace (royals): 652.
#[test]
fn deuces_wild_without_joker_census() {
    let mut census: Census = [0; 13];
    for_each_five(&deck(false), |hand| {
        census[deuces_joker_wild(hand).category as usize] += 1;
    });
    assert_eq!(count(&census, RoyalFlush), 504);
    assert_eq!(count(&census, FiveOfAKind), 652);
    assert_eq!(count(&census, FiveWilds), 0);
}
