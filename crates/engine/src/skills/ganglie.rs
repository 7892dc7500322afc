//! 刚烈 Ganglie — 夏侯惇.
//!
//! 当你受到伤害后，你可以进行判定：若结果不为♥，则伤害来源选择一项：弃置两张手牌，或受到你造成的1点伤害。
//! After you take damage, you may judge: unless it is a heart, the damage source either discards
//! two hand cards or takes 1 damage from you.
//!
//! Once per damage event, however many points. Needs a living source other than 夏侯惇. A source
//! with fewer than two hand cards cannot choose to discard and takes the damage.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-24`, `edition = 2008`): 当有玩家对夏侯惇造成体力伤害时……这名玩家需要立即
//! 进行判定，若判定结果为黑色花色，则这名玩家需减一点体力或者弃两张手牌（若没有手牌或手牌不足两张，则只能扣减
//! 一点体力）。 The source judges (its judgment: its 天妒 would take the card); on black it discards
//! two hand cards or loses 1 HP (a loss, not damage: nobody is its source).

use crate::action::Action;
use crate::card::Suit;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{
    Damage, DamageFrame, Frame, JudgeFrame, LoseHpFrame, Step, Timing, TimingData,
};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Ganglie,
        "刚烈",
        "Ganglie",
        "当你受到伤害后，你可以进行判定：若结果不为♥，则伤害来源选择一项：弃置两张手牌，或受到你造成的1点伤害。",
        "After you take damage, you may judge: unless it is a heart, the damage source either discards two hand cards or takes 1 damage from you.",
    )
};

/// 刚烈 as the 2008 leaflet words it: the source judges; black costs it 1 HP or two hand cards.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::DamageTaken,
        can_trigger,
        ask: Ask::Confirm,
        on_trigger: |_, owner, data, _| {
            let TimingData::Damage(damage) = data else {
                return None;
            };
            let mut frame = SkillFrame::new(SkillId::GanglieEarly, owner);
            frame.seats = damage.source.into_iter().collect();
            Some(Frame::Skill(frame))
        },
    }],
    step: Some(step_early),
    ..SkillDef::named(
        SkillId::GanglieEarly,
        "刚烈",
        "Ganglie",
        "当你受到伤害后，你可以令伤害来源进行判定：若结果为黑色，其选择一项：弃置两张手牌，或失去1点体力。",
        "After you take damage, you may make the damage source judge: if black, it either discards two hand cards or loses 1 HP.",
    )
};

const JUDGE: u8 = 0;
const RESULT: u8 = 1;
const CHOSEN: u8 = 2;
const DONE: u8 = 3;

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    let TimingData::Damage(damage) = data else {
        return false;
    };
    damage.target == owner
        && damage
            .source
            .is_some_and(|s| s != owner && game.is_alive(s))
}

fn on_trigger(_: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    let TimingData::Damage(damage) = data else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Ganglie, owner);
    frame.seats = damage.source.into_iter().collect();
    Some(Frame::Skill(frame))
}

/// Judge; unless ♥ the source discards two hand cards (its choice, if it has two) or is hurt.
fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&source) = frame.seats.first() else {
        return Step::Done;
    };
    match frame.step {
        JUDGE => {
            frame.step = RESULT;
            Step::Push(Frame::Judge(JudgeFrame::new(
                frame.owner,
                Cause::Skill(SkillId::Ganglie),
            )))
        }
        RESULT => {
            let hit = game.take_judgment().is_some_and(|c| c.suit != Suit::Heart);
            if !hit || !game.is_alive(source) {
                return Step::Done;
            }
            frame.step = CHOSEN;
            let hand = game.hand(source).to_vec();
            if hand.len() < 2 {
                return Step::Again;
            }
            Step::ask(Prompt::new(
                source,
                PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Ganglie),
                },
                Choices::Cards {
                    from: hand,
                    min: 2,
                    max: 2,
                    can_pass: true,
                },
            ))
        }
        CHOSEN => {
            frame.step = DONE;
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                game.discard(&cards);
                return Step::Done;
            }
            let damage = Damage::new(Some(frame.owner), source, 1);
            Step::Push(Frame::Damage(DamageFrame::new(damage)))
        }
        _ => Step::Done,
    }
}

/// 2008: the source judges; on black it discards two hand cards (its choice, if it has two) or
/// loses 1 HP.
fn step_early(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&source) = frame.seats.first() else {
        return Step::Done;
    };
    let cause = Cause::Skill(SkillId::GanglieEarly);
    match frame.step {
        JUDGE => {
            frame.step = RESULT;
            Step::Push(Frame::Judge(JudgeFrame::new(source, cause)))
        }
        RESULT => {
            let black = game
                .take_judgment()
                .is_some_and(|c| c.color() == crate::card::Color::Black);
            if !black || !game.is_alive(source) {
                return Step::Done;
            }
            frame.step = CHOSEN;
            let hand = game.hand(source).to_vec();
            if hand.len() < 2 {
                return Step::Again;
            }
            Step::ask(Prompt::new(
                source,
                PromptKind::Choose { cause },
                Choices::Cards {
                    from: hand,
                    min: 2,
                    max: 2,
                    can_pass: true,
                },
            ))
        }
        CHOSEN => {
            frame.step = DONE;
            if let Some((_, Action::Cards { cards })) = game.take_answer() {
                game.discard(&cards);
                return Step::Done;
            }
            Step::Push(Frame::LoseHp(LoseHpFrame::new(source, 1)))
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::{self, *};
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::PromptKind;
    use crate::scenario::CardSpec;
    use crate::seat::{Role::*, Seat};
    use crate::testing::{cards, seat, table, Check};

    /// Seat 0 slashes 夏侯惇 (seat 1), who invokes 刚烈 and judges `judge`.
    fn ganglie(hand: &[CardKind], source_hp: Option<i8>, judge: CardSpec) -> Check {
        let mut s = table(&[Lord, Rebel, Loyalist]);
        seat(&mut s, 0).hand = cards(hand);
        seat(&mut s, 0).hp = source_hp;
        seat(&mut s, 1).general = GeneralId::Xiahoudun;
        s.draw_pile_top = vec![judge];
        let mut c = Check::new(s);
        c.card(0, Slash, &[1]).pass(1).skill(1, SkillId::Ganglie);
        c
    }

    fn spade() -> CardSpec {
        CardSpec::exact(SavageAssault, Suit::Spade, 7)
    }

    #[test]
    fn source_without_two_hand_cards_takes_damage() {
        let c = ganglie(&[Slash, Peach], None, spade());
        assert_eq!(c.hp(1), 3);
        assert_eq!(c.hp(0), 3);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(1)),
                target: Seat(0),
                amount: 1,
                ..
            }
        )));
    }

    #[test]
    fn source_may_discard_two_instead() {
        let mut c = ganglie(&[Slash, Peach, Jink], None, spade());
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Choose { .. })));
        let hand = c.game.hand(Seat(0)).to_vec();
        c.act(0, Action::Cards { cards: hand });
        assert_eq!(c.hp(0), 4);
        assert!(c.hand(0).is_empty());
        c.assert_conserved();
    }

    #[test]
    fn source_may_refuse_to_discard_and_take_damage() {
        let mut c = ganglie(&[Slash, Peach, Jink], None, spade());
        c.pass(0);
        assert_eq!(c.hp(0), 3);
        assert_eq!(c.hand(0).len(), 2);
    }

    #[test]
    fn heart_does_nothing() {
        let c = ganglie(
            &[Slash, Peach, Jink],
            None,
            CardSpec::exact(Jink, Suit::Heart, 2),
        );
        assert_eq!(c.hp(0), 4);
        assert_eq!(c.hand(0).len(), 2);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }

    #[test]
    fn once_per_damage_event_even_for_two_points() {
        // 许褚's 裸衣 makes the 杀 deal 2: 刚烈 is still asked once.
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).general = GeneralId::Xuchu;
        seat(&mut s, 0).hand = cards(&[Slash]);
        seat(&mut s, 1).general = GeneralId::Xiahoudun;
        s.draw_pile_top = vec![CardSpec::exact(Jink, Suit::Heart, 2)];
        let mut c = Check::new(s);
        c.game.turn.set_mark(SkillId::Luoyi, 1);
        c.card(0, Slash, &[1]).pass(1);
        assert_eq!(c.hp(1), 2);
        c.skill(1, SkillId::Ganglie);
        assert!(!c.has_prompt(1));
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        let invoked = c
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::SkillInvoked {
                        skill: SkillId::Ganglie,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(invoked, 1);
    }

    #[test]
    fn kills_a_one_hp_source_through_dying() {
        let mut c = ganglie(&[Slash], Some(1), spade());
        // The source is dying: everyone is asked for 桃 from the current seat; nobody has one.
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Save { dying: Seat(0) })));
        c.pass(0).pass(1).pass(2);
        assert!(!c.alive(0));
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Died {
                seat: Seat(0),
                killer: Some(Seat(1)),
                ..
            }
        )));
        // The lord died: the rebel 夏侯惇 wins.
        assert!(c.game.is_over());
    }

    /// V-EARLY-24: under the 2008 text the source judges; black: it loses 1 HP (no damage) or
    /// discards two hand cards; red: nothing.
    #[test]
    fn v_early_24_the_2008_ganglie_makes_the_source_judge() {
        let early = |hand: &[CardKind], judge: CardSpec| {
            let mut s = table(&[Lord, Rebel, Loyalist]);
            s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
            seat(&mut s, 0).hand = cards(hand);
            seat(&mut s, 1).general = GeneralId::XiahoudunEarly;
            s.draw_pile_top = vec![judge];
            let mut c = Check::new(s);
            c.card(0, Slash, &[1])
                .pass(1)
                .skill(1, SkillId::GanglieEarly);
            c
        };
        let c = early(&[Slash, Peach], spade());
        assert!(c
            .events
            .iter()
            .any(|e| matches!(e, Event::Judged { seat: Seat(0), .. })));
        assert_eq!(c.hp(0), 3);
        assert!(!c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                target: Seat(0),
                ..
            }
        )));
        let mut c = early(&[Slash, Peach, Jink], CardSpec::exact(Slash, Suit::Club, 8));
        let hand = c.game.hand(Seat(0)).to_vec();
        c.act(0, Action::Cards { cards: hand });
        assert_eq!((c.hp(0), c.hand(0).len()), (4, 0));
        // A ♦ (red, not ♥) does nothing under the 2008 text.
        let c = early(&[Slash, Peach], CardSpec::exact(Jink, Suit::Diamond, 2));
        assert_eq!((c.hp(0), c.hand(0)), (4, vec![Peach]));
    }
}
