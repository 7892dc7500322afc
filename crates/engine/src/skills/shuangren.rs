//! 双刃 Shuangren — 纪灵 (国战, H-SK-shuangren).
//!
//! 出牌阶段开始时，你可以与一名角色拼点：若你赢，你视为对其或一名与其势力相同的其他角色使用一张
//! 【杀】（不计入次数限制）；若你没赢，你结束出牌阶段。
//! At the start of your play phase, if you have hand cards, you may 拼点 with another character
//! that has hand cards. Win → you are treated as using a 杀 (no distance limit, not counted
//! toward the limit) on it or on another character of its faction. Lose or tie → your play phase
//! ends.
//!
//! The 杀 is virtual and colourless, used outside the play phase's count (as 神速's); its target
//! is chosen after the 拼点 among the loser and the characters of one faction with it
//! (`Game::same_faction`: a hidden loser has no faction, so only it), those the 杀 may be used on
//! (prohibitions kept, distance ignored). The loss ends the play phase before its first play
//! (`Turn::ends_phase`).

use crate::action::Action;
use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Ask, SkillDef, SkillFrame, Trigger};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Phase, Prompt, PromptKind};
use crate::resolve::pindian::skill_pindian;
use crate::resolve::{CardUse, Frame, Step, Timing, TimingData, UseFrame};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    triggers: &[Trigger {
        timing: Timing::PhaseStart,
        can_trigger,
        ask: Ask::Custom(ask),
        on_trigger,
    }],
    step: Some(step),
    ..SkillDef::named(
        SkillId::Shuangren,
        "双刃",
        "Shuangren",
        "出牌阶段开始时，你可以与一名角色拼点：若你赢，你视为对其或一名与其势力相同的其他角色使用一张【杀】（不计入次数限制）；若你没赢，你结束出牌阶段。",
        "At the start of your play phase, you may point fight a character: if you win, you are treated as using a Slash (not counted toward the limit) on it or on another character of its faction; otherwise your play phase ends.",
    )
};

const PINDIAN: u8 = 0;
const RESULT: u8 = 1;
const CHOOSE: u8 = 2;
const SLASH: u8 = 3;

/// The characters 纪灵 may 拼点 with: others with a hand card.
fn opponents(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty())
        .collect()
}

fn can_trigger(game: &Game, owner: Seat, data: &TimingData) -> bool {
    matches!(data, TimingData::Phase { seat, phase: Phase::Play } if *seat == owner)
        && !game.hand(owner).is_empty()
        && !opponents(game, owner).is_empty()
}

fn ask(game: &Game, owner: Seat, _: &TimingData) -> Option<(PromptKind, Choices)> {
    let mut actions: Vec<Action> = opponents(game, owner)
        .into_iter()
        .map(|s| Action::Skill {
            skill: SkillId::Shuangren,
            cards: Vec::new(),
            targets: vec![s],
        })
        .collect();
    actions.push(Action::Pass);
    let kind = PromptKind::Choose {
        cause: Cause::Skill(SkillId::Shuangren),
    };
    Some((kind, Choices::actions(actions)))
}

fn on_trigger(_: &mut Game, owner: Seat, _: &mut TimingData, action: &Action) -> Option<Frame> {
    let Action::Skill { targets, .. } = action else {
        return None;
    };
    let mut frame = SkillFrame::new(SkillId::Shuangren, owner);
    frame.seats = targets.first().copied().into_iter().collect();
    Some(Frame::Skill(frame))
}

/// The characters the 杀 may be used on: the loser and the others of its faction, 纪灵 aside.
fn slash_targets(game: &Game, owner: Seat, loser: Seat) -> Vec<Seat> {
    let slash = UsedCard::virtual_card(CardKind::Slash);
    game.order_from(owner)
        .into_iter()
        .filter(|s| {
            *s != owner
                && game.is_alive(*s)
                && game.same_faction(loser, *s)
                && !game.is_prohibited(owner, *s, &slash)
        })
        .collect()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let Some(&target) = frame.seats.first() else {
        return Step::Done;
    };
    let owner = frame.owner;
    match frame.step {
        PINDIAN => {
            frame.step = RESULT;
            skill_pindian(owner, target, SkillId::Shuangren)
        }
        RESULT => {
            let Some(result) = game.finish_pindian() else {
                return Step::Done;
            };
            if !result.won {
                // 若你没赢，你结束出牌阶段。
                game.turn.ends_phase = true;
                return Step::Done;
            }
            // The 拼点's cards went to the discard pile: the choice is the next step.
            frame.step = CHOOSE;
            Step::Again
        }
        CHOOSE => {
            let targets = slash_targets(game, owner, target);
            if !game.is_alive(owner) || targets.is_empty() {
                return Step::Done;
            }
            frame.step = SLASH;
            let actions = targets
                .into_iter()
                .map(|s| Action::Skill {
                    skill: SkillId::Shuangren,
                    cards: Vec::new(),
                    targets: vec![s],
                })
                .collect();
            let kind = PromptKind::Choose {
                cause: Cause::Skill(SkillId::Shuangren),
            };
            Step::ask(Prompt::new(owner, kind, Choices::actions(actions)))
        }
        _ => {
            let Some((_, Action::Skill { targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            let Some(&to) = targets.first() else {
                return Step::Done;
            };
            let card = UsedCard::virtual_card(CardKind::Slash);
            Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                owner,
                card,
                vec![to],
            ))))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::prompt::{Phase, PromptKind};
    use crate::scenario::CardSpec;
    use crate::seat::Seat;
    use crate::testing::{seat, Check};

    fn fight(t: u8) -> Action {
        Action::Skill {
            skill: SkillId::Shuangren,
            cards: Vec::new(),
            targets: vec![Seat(t)],
        }
    }

    /// 纪灵 (seat 0) at the start of his play phase with `mine` and a 杀, five seats; 曹操 (1)
    /// answers his 拼点 with `theirs`; 典韦 (3, 魏 as well) sits at distance 2.
    fn jiling(mine: CardSpec, theirs: CardSpec) -> Check {
        let mut s = table(&[
            (G::HegJiling, G::HegPanfeng, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
            (G::HegDianwei, G::HegCaoren, true, true),
            (G::HegLiubei, G::HegGuanyu, true, true),
        ]);
        s.phase = Phase::Play;
        seat(&mut s, 0).hand = vec![mine, CardSpec::kind(Slash)];
        seat(&mut s, 1).hand = vec![theirs];
        seat(&mut s, 3).hand = vec![CardSpec::kind(Peach)];
        let mut c = Check::new(s);
        c.act(0, fight(1));
        let (mine, theirs) = (c.hand_card(0, Jink), c.game.hand(Seat(1))[0]);
        c.act(0, Action::Cards { cards: vec![mine] });
        c.act(
            1,
            Action::Cards {
                cards: vec![theirs],
            },
        );
        c
    }

    /// H-SK-shuangren: 纪灵 wins the 拼点 with 曹操 and may slash 曹操 or 典韦 (魏, at distance
    /// 2 — no distance limit), not 孙权; the 杀 does not count: he may still use his own.
    #[test]
    fn h_sk_shuangren_a_win_slashes_one_of_its_faction() {
        let mut c = jiling(
            CardSpec::exact(Jink, Suit::Heart, 13),
            CardSpec::exact(Jink, Suit::Diamond, 2),
        );
        assert!(c.allows(0, &fight(1)));
        assert!(c.allows(0, &fight(3)), "典韦 is 魏 as 曹操 is");
        assert!(!c.allows(0, &fight(2)), "孙权 is 吴");
        c.act(0, fight(3));
        c.pass(3);
        assert_eq!(c.hp(3), 3);
        assert!(c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert!(
            c.find_card(0, Slash, &[1]).is_some(),
            "the 杀 was not counted"
        );
    }

    /// H-SK-shuangren: a lost 拼点 ends his play phase at once.
    #[test]
    fn h_sk_shuangren_a_loss_ends_the_play_phase() {
        let c = jiling(
            CardSpec::exact(Jink, Suit::Heart, 2),
            CardSpec::exact(Jink, Suit::Heart, 13),
        );
        assert!(!c.is_asked(0, |k| matches!(k, PromptKind::Play)));
        assert_eq!(c.hand(0), vec![Slash], "no play was offered");
        assert_ne!(c.game.turn.seat, Seat(0), "his turn is over");
    }
}
