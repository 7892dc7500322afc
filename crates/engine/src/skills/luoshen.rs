//! 洛神 Luoshen — 甄姬.
//!
//! 准备阶段开始时，你可以进行判定：若结果为黑色，判定牌生效后你获得之，然后你可以重复此流程。
//! At the start of your preparation phase you may judge: if black, you obtain the judgment card
//! after it takes effect and may repeat; the first red result ends it.
//!
//! The black card is obtained in the judgment's "after it takes effect" window (so after any
//! 鬼才 retrial); the repeat question follows.
//!
//! The 2008 text ([`EARLY`], `V-EARLY-6`, `edition = 2008`): 判定阶段可以主动进行判定……可以反复进行判定，直至
//! 判定失败。一回合只能使用一次该技能。……若甄姬面前放有闪电或乐不思蜀，则仍需先进行闪电或乐不思蜀的判定，
//! 最后执行洛神技能。 The same judgments, at the end of her judgment phase (after 闪电 and 乐不思蜀 are
//! judged); the judgment phase comes once a turn, so it is once per turn.

use crate::action::Action;
use crate::card::Color;
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::{Frame, JudgeFrame, Step, Timing, TimingData};
use crate::seat::Seat;
use crate::zone::Zone;

pub static DEF: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::PhaseStart,
            can_trigger: at_preparation,
            ask: Ask::Confirm,
            on_trigger: start,
        },
        Trigger {
            timing: Timing::Judged,
            can_trigger: black_result,
            ask: Ask::Never,
            on_trigger: obtain,
        },
    ],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Luoshen,
        "洛神",
        "Luoshen",
        "准备阶段开始时，你可以进行判定：若结果为黑色，判定牌生效后你获得之，然后你可以重复此流程。",
        "At the start of your preparation phase you may judge: if black, you obtain the judgment card and may repeat.",
    )
};

/// 洛神 as the 2008 leaflet words it: at the end of the judgment phase.
pub static EARLY: SkillDef = SkillDef {
    triggers: &[
        Trigger {
            timing: Timing::PhaseEnd,
            can_trigger: |_, owner, data| {
                matches!(data, TimingData::Phase { seat, phase: Phase::Judge } if *seat == owner)
            },
            ask: Ask::Confirm,
            on_trigger: |_, owner, _, _| {
                Some(Frame::Skill(SkillFrame::new(SkillId::LuoshenEarly, owner)))
            },
        },
        Trigger {
            timing: Timing::Judged,
            can_trigger: |game, owner, data| {
                matches!(data, TimingData::Judged { seat, card, cause: Cause::Skill(SkillId::LuoshenEarly) }
                    if *seat == owner
                        && game.card(*card).color() == Color::Black
                        && game.table.zone_of(*card) == Zone::Processing)
            },
            ask: Ask::Never,
            on_trigger: obtain,
        },
    ],
    step: Some(|game, frame| judge_while_black(game, frame, SkillId::LuoshenEarly, |_, _| Step::Done)),
    ..SkillDef::named(
        SkillId::LuoshenEarly,
        "洛神",
        "Luoshen",
        "判定阶段结束时（【闪电】和【乐不思蜀】判定之后），你可以进行判定：若结果为黑色，你获得此牌，然后你可以重复此流程。",
        "At the end of your judgment phase (after Lightning and Indulgence are judged) you may judge: if black, you obtain the card and may repeat.",
    )
};

const JUDGE: u8 = 0;
const RESULT: u8 = 1;
const AGAIN: u8 = 2;

fn at_preparation(_: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Start } if *seat == owner)
}

fn start(_: &mut Game, owner: Seat, _: &mut TimingData, _: &Action) -> Option<Frame> {
    Some(Frame::Skill(SkillFrame::new(SkillId::Luoshen, owner)))
}

fn black_result(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Judged { seat, card, cause: Cause::Skill(SkillId::Luoshen) }
        if *seat == owner
            && game.card(*card).color() == Color::Black
            && game.table.zone_of(*card) == Zone::Processing)
}

fn obtain(game: &mut Game, owner: Seat, data: &mut TimingData, _: &Action) -> Option<Frame> {
    if let TimingData::Judged { card, .. } = data {
        game.move_cards(&[*card], Zone::Hand(owner));
    }
    None
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    judge_while_black(game, frame, SkillId::Luoshen, |_, _| Step::Done)
}

/// Judge; on black, offer another judgment; `end` runs when the sequence stops (洛神 and its 国战
/// text, which collects the black cards only then).
pub(crate) fn judge_while_black(
    game: &mut Game,
    frame: &mut SkillFrame,
    skill: SkillId,
    end: fn(&mut Game, Seat) -> Step,
) -> Step {
    let owner = frame.owner;
    match frame.step {
        JUDGE => {
            frame.step = RESULT;
            Step::Push(Frame::Judge(JudgeFrame::new(owner, Cause::Skill(skill))))
        }
        RESULT => {
            let black = game
                .take_judgment()
                .is_some_and(|c| c.color() == Color::Black);
            if !black || !game.is_alive(owner) {
                return end(game, owner);
            }
            frame.step = AGAIN;
            let yes = Action::Skill {
                skill,
                cards: Vec::new(),
                targets: Vec::new(),
            };
            Step::ask(Prompt::new(
                owner,
                PromptKind::Confirm { skill },
                Choices::actions(vec![yes, Action::Pass]),
            ))
        }
        _ => {
            if !matches!(game.take_answer(), Some((_, Action::Skill { .. }))) {
                return end(game, owner);
            }
            game.invoke(owner, skill, Vec::new());
            frame.step = JUDGE;
            Step::Again
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::GeneralId;
    use crate::ids::SkillId;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::testing::{seat, table, Check};

    fn zhenji(top: Vec<CardSpec>) -> Check {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Start;
        seat(&mut s, 0).general = GeneralId::Zhenji;
        s.draw_pile_top = top;
        Check::new(s)
    }

    fn asked(c: &Check) -> bool {
        c.is_asked(0, |k| {
            matches!(
                k,
                PromptKind::Confirm {
                    skill: SkillId::Luoshen
                }
            )
        })
    }

    #[test]
    fn keeps_black_cards_until_the_first_red() {
        let mut c = zhenji(vec![
            CardSpec::exact(SavageAssault, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 2),
            CardSpec::exact(Peach, Suit::Heart, 3),
        ]);
        assert!(asked(&c));
        c.skill(0, SkillId::Luoshen);
        assert!(asked(&c));
        c.skill(0, SkillId::Luoshen);
        assert!(asked(&c));
        c.skill(0, SkillId::Luoshen);
        // Red: the 桃 is discarded and the phase goes on (two more cards in the draw phase).
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        let hand = c.hand(0);
        assert_eq!(hand.len(), 2 + 2);
        assert_eq!(&hand[..2], &[SavageAssault, Slash]);
        assert_eq!(c.game.table().discard_pile.len(), 1);
        c.assert_conserved();
    }

    #[test]
    fn may_stop_after_a_black_card() {
        let mut c = zhenji(vec![
            CardSpec::exact(SavageAssault, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 2),
        ]);
        c.skill(0, SkillId::Luoshen).pass(0);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        // The ♣ 杀 was not judged: it is drawn in the draw phase.
        assert_eq!(c.hand(0).len(), 3);
        assert_eq!(&c.hand(0)[..2], &[SavageAssault, Slash]);
    }

    #[test]
    fn only_in_her_preparation_phase() {
        let mut s = table(&[Lord, Rebel]);
        s.phase = Phase::Start;
        seat(&mut s, 1).general = GeneralId::Zhenji;
        let c = Check::new(s);
        assert!(!c.has_prompt(1));
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
    }

    /// V-EARLY-6: the 2008 甄姬 judges at the end of her judgment phase, after 乐不思蜀: nothing
    /// at her preparation phase; black cards kept until the first red.
    #[test]
    fn v_early_6_the_2008_luoshen_judges_after_the_delayed_tricks() {
        let mut s = table(&[Lord, Rebel]);
        s.ruleset.edition = crate::ruleset::EARLY_EDITION.to_string();
        s.phase = Phase::Start;
        seat(&mut s, 0).general = GeneralId::ZhenjiEarly;
        seat(&mut s, 0).judge = crate::testing::cards(&[Indulgence]);
        s.draw_pile_top = vec![
            CardSpec::exact(SavageAssault, Suit::Spade, 7),
            CardSpec::exact(Slash, Suit::Club, 2),
            CardSpec::exact(Peach, Suit::Heart, 3),
            CardSpec::kind(Jink),
            CardSpec::kind(Jink),
        ];
        let mut c = Check::new(s);
        let early = |c: &Check| {
            c.is_asked(0, |k| {
                *k == PromptKind::Confirm {
                    skill: SkillId::LuoshenEarly,
                }
            })
        };
        assert!(!early(&c), "not at the preparation phase");
        c.pass_windows();
        // 乐不思蜀 judged first (♠: her play phase is skipped), then 洛神.
        assert!(c.discard_pile().contains(&SavageAssault));
        assert!(early(&c));
        c.skill(0, SkillId::LuoshenEarly);
        assert!(early(&c));
        c.skill(0, SkillId::LuoshenEarly);
        // Red: discarded, the sequence ends; the draw phase draws the two 闪.
        assert_eq!(c.hand(0), vec![Slash, Jink, Jink]);
        assert_eq!(c.game.turn().seat, crate::seat::Seat(1));
    }
}
