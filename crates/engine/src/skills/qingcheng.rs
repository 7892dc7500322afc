//! 倾城 Qingcheng — 邹氏 (国战, H-SK-qingcheng).
//!
//! 出牌阶段，你可以弃置一张装备牌，然后选择一名两张武将牌均明置的其他角色，暗置其一张武将牌。
//! In your play phase, any number of times, you may discard an equipment card (in hand or
//! equipped) and choose another character whose two generals are both shown: turn one of them
//! face down again.
//!
//! 邹氏 chooses the card and the character, then which general (H-HID-5 (c)). The hidden
//! general's skills stop, the character shows its other one and keeps its faction; revealing
//! it again follows the ordinary windows and rewards nothing (H-REV-4, H-REW-5;
//! `Game::hide_general`).

use crate::action::Action;
use crate::card::{CardId, Category};
use crate::def::skill::{Active, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::Step;
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Qingcheng,
        "倾城",
        "Qingcheng",
        "出牌阶段，你可以弃置一张装备牌，然后选择一名两张武将牌均明置的其他角色，暗置其一张武将牌。",
        "In your play phase, you may discard an equipment card and choose another character with both generals shown: turn one of them face down.",
    )
};

/// The answers: hide the target's main general, its deputy.
pub const HIDE_MAIN: u8 = 0;
pub const HIDE_DEPUTY: u8 = 1;

/// 邹氏's equipment cards, in hand or equipped.
fn equipment_cards(game: &Game, owner: Seat) -> Vec<CardId> {
    let cards = &game.table.seats[owner.index()];
    cards
        .hand
        .iter()
        .copied()
        .filter(|c| {
            matches!(
                game.card_def(game.card(*c).kind).category,
                Category::Equip(_)
            )
        })
        .chain(cards.equipment())
        .collect()
}

/// Other living characters with both generals shown.
fn targets(game: &Game, owner: Seat) -> Vec<Seat> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && game.duo(*s).is_some_and(|d| d.all_shown()))
        .collect()
}

fn can_use(game: &Game, owner: Seat) -> bool {
    !targets(game, owner).is_empty() && !equipment_cards(game, owner).is_empty()
}

fn cause() -> PromptKind {
    PromptKind::Choose {
        cause: Cause::Skill(SkillId::Qingcheng),
    }
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    match frame.step {
        0 => {
            frame.step = 1;
            let mut actions = Vec::new();
            for card in equipment_cards(game, owner) {
                for to in targets(game, owner) {
                    actions.push(Action::Skill {
                        skill: SkillId::Qingcheng,
                        cards: vec![card],
                        targets: vec![to],
                    });
                }
            }
            actions.push(Action::Pass);
            Step::ask(Prompt::new(owner, cause(), Choices::actions(actions)))
        }
        1 => {
            let Some((_, Action::Skill { cards, targets, .. })) = game.take_answer() else {
                return Step::Done;
            };
            let Some(&to) = targets.first() else {
                return Step::Done;
            };
            game.invoke(owner, SkillId::Qingcheng, vec![to]);
            game.discard(&cards);
            frame.seats = vec![to];
            frame.step = 2;
            Step::Again
        }
        2 => {
            let Some(&to) = frame.seats.first() else {
                return Step::Done;
            };
            if !game.duo(to).is_some_and(|d| d.all_shown()) || !game.is_alive(to) {
                return Step::Done;
            }
            frame.step = 3;
            let actions = vec![
                Action::Option { index: HIDE_MAIN },
                Action::Option { index: HIDE_DEPUTY },
            ];
            Step::ask(Prompt::new(owner, cause(), Choices::actions(actions)))
        }
        _ => {
            let deputy = matches!(
                game.take_answer(),
                Some((_, Action::Option { index: HIDE_DEPUTY }))
            );
            if let Some(&to) = frame.seats.first() {
                game.hide_general(to, deputy);
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::event::{Camp, Event};
    use crate::ids::{GeneralId as G, SkillId};
    use crate::modes::hegemony::hidden_tests::table;
    use crate::modes::hegemony::mingzhi;
    use crate::prompt::Phase;
    use crate::seat::Seat;
    use crate::testing::{cards, seat, Check};

    use super::HIDE_MAIN;

    /// H-SK-qingcheng, H-REV-4: 邹氏 discards a 赤兔 to hide 刘备 (刘备＆关羽, a companion pair):
    /// 仁德 stops, the seat shows 关羽 and stays 蜀; the others are not told which general went
    /// down beyond the one they saw; revealing 刘备 again gives no second reward (H-REW-5).
    #[test]
    fn h_sk_qingcheng_hides_a_shown_general() {
        let mut s = table(&[
            (G::HegZoushi, G::HegHuatuo, true, false),
            (G::HegLiubei, G::HegGuanyu, true, true),
            (G::HegSunquan, G::HegZhoutai, true, true),
        ]);
        seat(&mut s, 0).hand = cards(&[Chitu]);
        seat(&mut s, 1).hp = Some(2);
        let mut c = Check::new(s);
        c.skill(0, SkillId::Qingcheng);
        let chitu = c.hand_card(0, Chitu);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Qingcheng,
                cards: vec![chitu],
                targets: vec![Seat(1)],
            },
        );
        assert_eq!(c.discard_pile(), vec![Chitu]);
        c.act(0, Action::Option { index: HIDE_MAIN });
        let duo = c.game.duo(Seat(1)).unwrap().clone();
        assert!(!duo.main_shown && duo.deputy_shown);
        assert!(!c.game.has_skill(Seat(1), SkillId::RendeHeg));
        assert!(c.game.has_skill(Seat(1), SkillId::Wusheng));
        assert_eq!(c.game.faction(Seat(1)), Some(Camp::Shu));
        assert_eq!(c.game.seats[1].general, G::HegGuanyu);
        let hidden = |viewer: u8| {
            c.seen_by(Some(viewer)).into_iter().find_map(|e| match e {
                Event::GeneralHidden { general, .. } => Some(general),
                _ => None,
            })
        };
        assert_eq!(hidden(1), Some(Some(G::HegLiubei)));
        assert_eq!(hidden(2), Some(None));
        // 刘备 shown again at a preparation phase: no companion reward.
        assert_eq!(
            c.game.hidden_general_with(Seat(1), SkillId::RendeHeg),
            Some(false)
        );
        c.game.reveal_general(Seat(1), false);
        assert!(mingzhi::after_reveal(&mut c.game, Seat(1)).is_none());
        assert!(c.game.has_skill(Seat(1), SkillId::RendeHeg));
    }

    /// H-SK-qingcheng: only a character with both generals shown may be chosen.
    #[test]
    fn h_sk_qingcheng_needs_both_shown() {
        let mut s = table(&[
            (G::HegZoushi, G::HegHuatuo, true, false),
            (G::HegLiubei, G::HegGuanyu, true, false),
        ]);
        s.phase = Phase::Play;
        seat(&mut s, 0).hand = cards(&[Chitu]);
        let c = Check::new(s);
        let start = Action::Skill {
            skill: SkillId::Qingcheng,
            cards: Vec::new(),
            targets: Vec::new(),
        };
        assert!(!c.allows(0, &start));
    }
}
