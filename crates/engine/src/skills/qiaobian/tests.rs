//! 巧变's scenario tests (H-SK-qiaobian).

use crate::action::Action;
use crate::card::CardKind::{self, *};
use crate::card::Suit;
use crate::event::Event;
use crate::ids::{GeneralId as G, SkillId};
use crate::modes::hegemony::hidden_tests::table;
use crate::prompt::{Cause, Phase, PromptKind};
use crate::scenario::CardSpec;
use crate::seat::Seat;
use crate::testing::{cards, seat, Check};

/// 张郃 (seat 0, shown) about to enter `phase` with `hand`; 曹操 (1) and 孙权 (2) hold a card
/// each; 贾诩 (3) and 陆逊 (4) sit further on.
fn zhanghe(phase: Phase, hand: &[CardKind]) -> crate::scenario::Scenario {
    let mut s = table(&[
        (G::HegZhanghe, G::HegXuhuang, true, true),
        (G::HegCaocao, G::HegXuchu, true, true),
        (G::HegSunquan, G::HegZhoutai, true, true),
        (G::HegJiaxu, G::HegPanfeng, true, true),
        (G::HegLuxun, G::HegGanning, true, true),
    ]);
    s.phase = phase;
    seat(&mut s, 0).hand = cards(hand);
    seat(&mut s, 1).hand = cards(&[Peach]);
    seat(&mut s, 2).hand = cards(&[Jink]);
    s.draw_pile_top = cards(&[Slash, Slash, Slash, Slash]);
    s
}

fn qiaobian(cards: Vec<crate::card::CardId>, targets: &[u8]) -> Action {
    Action::Skill {
        skill: SkillId::Qiaobian,
        cards,
        targets: targets.iter().map(|t| Seat(*t)).collect(),
    }
}

fn asked(c: &Check) -> bool {
    c.is_asked(0, |k| {
        *k == PromptKind::Choose {
            cause: Cause::Skill(SkillId::Qiaobian),
        }
    })
}

fn skipped(c: &Check, phase: Phase) -> bool {
    c.events
        .iter()
        .any(|e| matches!(e, Event::PhaseSkipped { phase: p, .. } if *p == phase))
}

/// H-SK-qiaobian: a hand card discarded skips the judgment phase — the 乐不思蜀 stays unjudged;
/// asked again before the draw phase, 张郃 declines and draws.
#[test]
fn h_sk_qiaobian_skips_the_judgment_phase() {
    let mut s = zhanghe(Phase::Judge, &[Duel, Jink]);
    seat(&mut s, 0).judge = cards(&[Indulgence]);
    let mut c = Check::new(s);
    assert!(asked(&c));
    let duel = c.hand_card(0, Duel);
    c.act(0, qiaobian(vec![duel], &[]));
    assert!(skipped(&c, Phase::Judge));
    assert_eq!(c.judge_area(0), vec![Indulgence]);
    assert_eq!(c.discard_pile(), vec![Duel]);
    assert!(asked(&c), "again before the draw phase");
    c.pass(0);
    assert_eq!(c.hand(0).len(), 3, "the 闪 and two drawn");
    assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)) || asked(&c));
}

/// H-SK-qiaobian: the draw phase skipped, 张郃 takes a hand card from each of two others.
#[test]
fn h_sk_qiaobian_skipping_the_draw_takes_two_hand_cards() {
    let mut c = Check::new(zhanghe(Phase::Draw, &[Duel]));
    let duel = c.hand_card(0, Duel);
    c.act(0, qiaobian(vec![duel], &[]));
    assert!(
        !c.allows(0, &qiaobian(Vec::new(), &[3])),
        "贾诩 has no hand card"
    );
    c.act(0, qiaobian(Vec::new(), &[1, 2]));
    let mut hand = c.hand(0);
    hand.sort();
    assert_eq!(hand, vec![Jink, Peach]);
    assert!(c.hand(1).is_empty() && c.hand(2).is_empty());
    assert!(skipped(&c, Phase::Draw), "nothing drawn");
}

/// H-SK-qiaobian: the play phase skipped, 张郃 moves 曹操's 赤兔 into 孙权's empty slot; the
/// discard phase follows.
#[test]
fn h_sk_qiaobian_skipping_play_moves_equipment() {
    let mut s = zhanghe(Phase::Play, &[Duel, Jink]);
    seat(&mut s, 1).equip = cards(&[Chitu]);
    seat(&mut s, 2).equip = cards(&[Dayuan]);
    let mut c = Check::new(s);
    let duel = c.hand_card(0, Duel);
    c.act(0, qiaobian(vec![duel], &[]));
    let chitu = c.game.table.seats[1].equipment().next().unwrap();
    assert!(
        !c.allows(0, &qiaobian(vec![chitu], &[1, 2])),
        "孙权's −1 slot is taken"
    );
    c.act(0, qiaobian(vec![chitu], &[1, 0]));
    assert_eq!(c.equipment(0), vec![Chitu]);
    assert!(c.equipment(1).is_empty());
    assert!(skipped(&c, Phase::Play));
    assert!(asked(&c), "again before the discard phase");
}

/// H-SK-qiaobian: a delayed trick moved is placed as if newly: a black 乐不思蜀 cannot go to
/// 贾诩 (帷幕) nor to 陆逊 (谦逊), nor to a judgment area holding one; 孙权 may take it.
#[test]
fn h_sk_qiaobian_a_moved_delayed_trick_passes_prohibitions() {
    let mut s = zhanghe(Phase::Play, &[Duel]);
    seat(&mut s, 0).judge = vec![CardSpec::exact(Indulgence, Suit::Spade, 6)];
    seat(&mut s, 1).judge = vec![CardSpec::exact(Indulgence, Suit::Heart, 6)];
    let mut c = Check::new(s);
    let duel = c.hand_card(0, Duel);
    c.act(0, qiaobian(vec![duel], &[]));
    let black = c.game.table.seats[0].judge[0].card;
    for to in [1, 3, 4] {
        assert!(
            !c.allows(0, &qiaobian(vec![black], &[0, to])),
            "to seat {to}"
        );
    }
    c.act(0, qiaobian(vec![black], &[0, 2]));
    assert_eq!(c.judge_area(2), vec![Indulgence]);
    assert!(c.judge_area(0).is_empty());
}
