//! 乱武 Luanwu — 贾诩 [限定技] (林; 国战 the same, H-SK-luanwu).
//!
//! 限定技，出牌阶段，你可以令所有其他角色各选择一项：对距离最近的另一名角色使用一张【杀】；或失去1点体力。
//! Limited, in your play phase: every other character, in seat order, must use a 杀 on the
//! other character nearest to it (one of them if several are equally near; attack range does
//! not matter), or lose 1 HP.
//!
//! Each is asked in turn from 贾诩's left, as it is when its turn to choose comes (distances
//! then; a character dead by then is skipped). Its 杀 is used outside any play phase's count,
//! from hand or by a conversion, on a nearest character it may target (prohibitions kept);
//! without one, or declining, it loses 1 HP.

use crate::action::Action;
use crate::card::{CardKind, UsedCard};
use crate::def::skill::{Active, CardMode, SkillDef, SkillFrame, Tags};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{CardUse, Frame, LoseHpFrame, Step, UseFrame};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    tags: Tags {
        limited: true,
        ..Tags::NONE
    },
    active: Some(Active {
        can_use: |_, _| true,
    }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Luanwu,
        "乱武",
        "Luanwu",
        "限定技，出牌阶段，你可以令所有其他角色各选择一项：对距离最近的另一名角色使用一张【杀】；或失去1点体力。",
        "Limited, in your play phase: every other character chooses: use a Slash on the nearest other character, or lose 1 HP.",
    )
};

const START: u8 = 0;
const ASK: u8 = 1;
const ANSWERED: u8 = 2;

/// The other characters nearest to `seat` that its 杀 may target.
fn nearest(game: &Game, seat: Seat) -> Vec<Seat> {
    let others: Vec<Seat> = game
        .order_from(seat)
        .into_iter()
        .filter(|s| *s != seat && game.is_alive(*s))
        .collect();
    let Some(min) = others.iter().map(|s| game.distance(seat, *s)).min() else {
        return Vec::new();
    };
    let slash = UsedCard::virtual_card(CardKind::Slash);
    others
        .into_iter()
        .filter(|s| game.distance(seat, *s) == min && !game.is_prohibited(seat, *s, &slash))
        .collect()
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        START => {
            game.invoke(owner, SkillId::Luanwu, Vec::new());
            frame.seats = game
                .order_from(owner)
                .into_iter()
                .filter(|s| *s != owner)
                .collect();
            frame.n = 0;
            frame.step = ASK;
            Step::Again
        }
        ASK => {
            game.take_reply();
            while let Some(&seat) = frame.seats.get(frame.n as usize) {
                if !game.is_alive(seat) {
                    frame.n += 1;
                    continue;
                }
                let mut actions = Vec::new();
                if !game.cannot_use_slash(seat) {
                    for target in nearest(game, seat) {
                        actions.extend(game.response_actions(
                            seat,
                            CardKind::Slash,
                            CardMode::UseInResponse,
                            &[target],
                        ));
                    }
                }
                actions.push(Action::Pass);
                frame.step = ANSWERED;
                return Step::ask(Prompt::new(
                    seat,
                    PromptKind::Respond {
                        card: CardKind::Slash,
                        cause: Cause::Skill(SkillId::Luanwu),
                        from: Some(owner),
                        remaining: 1,
                    },
                    Choices::actions(actions),
                ));
            }
            Step::Done
        }
        _ => {
            let Some(&seat) = frame.seats.get(frame.n as usize) else {
                return Step::Done;
            };
            frame.n += 1;
            frame.step = ASK;
            if let Some((
                _,
                Action::Card {
                    cards,
                    skill,
                    targets,
                },
            )) = game.take_answer()
            {
                if let (Some(card), Some(&to)) = (
                    game.make_used_card(&cards, skill, Some(CardKind::Slash)),
                    targets.first(),
                ) {
                    return Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                        seat,
                        card,
                        vec![to],
                    ))));
                }
            }
            Step::Push(Frame::LoseHp(LoseHpFrame::new(seat, 1)))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    /// H-SK-luanwu: of four, 曹操 (1) slashes one of his nearest (0 or 2; he picks 2), 孙权 (2)
    /// has no 杀 and loses 1 HP, 刘备 (3) slashes 贾诩 (0) — 3 and 0 are neighbours.
    #[test]
    fn h_sk_luanwu_slash_the_nearest_or_lose_hp() {
        let mut s = table(&[
            (G::HegJiaxu, G::HegPanfeng, true, true),
            (G::HegCaocao, G::HegXuchu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
            (G::HegLiubei, G::HegGuanyu, true, true),
        ]);
        seat(&mut s, 1).hand = cards(&[Slash]);
        seat(&mut s, 3).hand = cards(&[Slash]);
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Luanwu,
                cards: Vec::new(),
                targets: Vec::new(),
            },
        );
        assert!(c.find_card(1, Slash, &[0]).is_some());
        c.card(1, Slash, &[2]).pass(2);
        assert_eq!(c.hp(2), 3, "曹操's 杀");
        c.pass(2);
        assert_eq!(c.hp(2), 2, "no 杀: 1 HP lost");
        assert!(
            c.find_card(3, Slash, &[1]).is_none(),
            "distance 2: not the nearest"
        );
        c.card(3, Slash, &[0]).pass(0);
        assert_eq!(c.hp(0), 2);
        assert!(!c.game.uses_left(Seat(0), SkillId::Luanwu), "limited");
    }
}
