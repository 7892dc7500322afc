//! 驱虎 Quhu — 荀彧 [阶段技].
//!
//! 出牌阶段限一次，你可以与一名体力值大于你的角色拼点：若你赢，其对其攻击范围内你选择的另一名角色造成1点伤害；若你没赢，其对你造成1点伤害。
//! Once per play phase, you may 拼点 with a character whose HP is greater than yours. If you
//! win, it deals 1 damage to another character of your choice within its attack range; if you do
//! not win, it deals 1 damage to you.
//!
//! W-QUHU-1: both need a hand card, the target strictly more HP; the one 拼点 procedure
//! (`resolve/pindian.rs`). W-QUHU-2: on a win, the candidates are the others within the target's
//! attack range (荀彧 may be one); none, nothing happens; a tie is a loss. W-QUHU-3: the target
//! (the "tiger") is the damage's source; normal damage, not 杀 damage. Both pindian cards go to
//! the discard pile once the result has been applied (W-MECH-PINDIAN-4).

use crate::action::Action;
use crate::def::skill::{Active, Limit, SkillDef, SkillFrame};
use crate::game::Game;
use crate::ids::SkillId;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::pindian::skill_pindian;
use crate::resolve::pindian::PindianResult;
use crate::resolve::{Damage, DamageFrame, Frame, Step};
use crate::seat::Seat;

pub static DEF: SkillDef = SkillDef {
    active: Some(Active { can_use }),
    active_targets: Some(targets),
    limit: Some(Limit::ONCE_PER_PHASE),
    step: Some(step),
    ..SkillDef::named(
        SkillId::Quhu,
        "驱虎",
        "Quhu",
        "出牌阶段限一次，你可以与一名体力值大于你的角色拼点：若你赢，其对其攻击范围内你选择的另一名角色造成1点伤害；若你没赢，其对你造成1点伤害。",
        "Once per play phase, you may pindian with a character whose HP is greater than yours. If you win, it deals 1 damage to another character of your choice within its attack range; otherwise it deals 1 damage to you.",
    )
};

const PINDIAN: u8 = 0;
const RESULT: u8 = 1;
const CHOSEN: u8 = 2;
const END: u8 = 3;

fn can_use(game: &Game, owner: Seat) -> bool {
    !game.hand(owner).is_empty()
}

/// A character with a hand card and more HP than 荀彧.
fn targets(game: &Game, owner: Seat) -> Vec<Vec<Seat>> {
    game.order_from(owner)
        .into_iter()
        .filter(|s| *s != owner && !game.hand(*s).is_empty() && game.hp(*s) > game.hp(owner))
        .map(|s| vec![s])
        .collect()
}

/// The tiger deals 1 damage to `to`.
fn bite(tiger: Seat, to: Seat) -> Step {
    Step::Push(Frame::Damage(DamageFrame::new(Damage {
        skill: Some(SkillId::Quhu),
        ..Damage::new(Some(tiger), to, 1)
    })))
}

fn step(game: &mut Game, frame: &mut SkillFrame) -> Step {
    let owner = frame.owner;
    let Some(&tiger) = frame.seats.first() else {
        return Step::Done;
    };
    match frame.step {
        PINDIAN => {
            frame.step = RESULT;
            game.invoke(owner, SkillId::Quhu, vec![tiger]);
            skill_pindian(owner, tiger, SkillId::Quhu)
        }
        RESULT => {
            let Some(result) = game.pindian_result() else {
                return Step::Done;
            };
            frame.cards = result.cards.to_vec();
            frame.step = END;
            if !result.won {
                return bite(tiger, owner);
            }
            let victims: Vec<Seat> = game
                .order_from(tiger)
                .into_iter()
                .filter(|s| game.in_attack_range(tiger, *s))
                .collect();
            if victims.is_empty() {
                return Step::Again;
            }
            frame.step = CHOSEN;
            let actions = victims
                .into_iter()
                .map(|v| Action::Skill {
                    skill: SkillId::Quhu,
                    cards: Vec::new(),
                    targets: vec![v],
                })
                .collect();
            Step::ask(Prompt::new(
                owner,
                PromptKind::Choose {
                    cause: Cause::Skill(SkillId::Quhu),
                },
                Choices::actions(actions),
            ))
        }
        CHOSEN => {
            frame.step = END;
            match game.take_answer() {
                Some((_, Action::Skill { targets, .. })) => match targets.first() {
                    Some(&victim) if game.is_alive(tiger) && game.is_alive(victim) => {
                        bite(tiger, victim)
                    }
                    _ => Step::Again,
                },
                _ => Step::Again,
            }
        }
        _ => {
            game.take_reply();
            if let [a, b] = frame.cards[..] {
                game.end_pindian(&PindianResult {
                    won: false,
                    cards: [a, b],
                });
            }
            Step::Done
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::card::CardKind::*;
    use crate::card::Suit;
    use crate::event::Event;
    use crate::ids::{GeneralId, SkillId};
    use crate::scenario::CardSpec;
    use crate::seat::Role::*;
    use crate::seat::Seat;
    use crate::testing::{seat, table, with_pack, Check};

    /// 荀彧 (seat 0, 3 HP) 拼点s seat 1 (4 HP) with ranks `mine` against `theirs`; four seats.
    fn xunyu(mine: CardSpec, theirs: CardSpec) -> Check {
        let mut s = with_pack(table(&[Lord, Rebel, Rebel, Loyalist]), "fire");
        seat(&mut s, 0).general = GeneralId::Xunyu;
        seat(&mut s, 0).hp = Some(3);
        seat(&mut s, 0).hand = vec![mine];
        seat(&mut s, 1).hand = vec![theirs];
        seat(&mut s, 3).hp = Some(2);
        seat(&mut s, 3).hand = vec![CardSpec::exact(Nullification, Suit::Club, 13)];
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Quhu,
                cards: Vec::new(),
                targets: vec![Seat(1)],
            },
        );
        let (mine, theirs) = (c.game.hand(Seat(0))[0], c.game.hand(Seat(1))[0]);
        c.act(0, Action::Cards { cards: vec![mine] });
        c.act(
            1,
            Action::Cards {
                cards: vec![theirs],
            },
        );
        c
    }

    #[test]
    fn w_quhu_1_only_targets_with_more_hp_and_a_hand_card() {
        let mut s = with_pack(table(&[Lord, Rebel, Rebel, Loyalist]), "fire");
        seat(&mut s, 0).general = GeneralId::Xunyu;
        seat(&mut s, 0).hp = Some(3);
        seat(&mut s, 0).hand = vec![CardSpec::kind(Jink)];
        seat(&mut s, 1).hand = vec![CardSpec::kind(Jink)];
        seat(&mut s, 2).hp = Some(3);
        seat(&mut s, 2).hand = vec![CardSpec::kind(Jink)];
        let c = Check::new(s);
        let targets: Vec<Vec<Seat>> = c
            .prompt(0)
            .legal_actions(64)
            .into_iter()
            .filter_map(|a| match a {
                Action::Skill {
                    skill: SkillId::Quhu,
                    targets,
                    ..
                } => Some(targets),
                _ => None,
            })
            .collect();
        // Seat 2 has his HP, seat 3 no hand card.
        assert_eq!(targets, vec![vec![Seat(1)]]);
    }

    /// W-MECH-PINDIAN-2 with 连营: the pindian's cards leave the hands face up at once, and what
    /// reacts to that move (陆逊 showed his last hand card) runs before 荀彧 is asked whom the
    /// tiger hurts.
    #[test]
    fn w_mech_pindian_2_a_last_card_shown_is_reacted_to_before_the_result_is_used() {
        let mut s = with_pack(table(&[Lord, Rebel, Rebel, Loyalist]), "fire");
        seat(&mut s, 0).general = GeneralId::Xunyu;
        seat(&mut s, 0).hp = Some(2);
        seat(&mut s, 0).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 11)];
        seat(&mut s, 1).general = GeneralId::Luxun; // 3 HP
        seat(&mut s, 1).hand = vec![CardSpec::exact(Jink, Suit::Diamond, 3)];
        s.draw_pile_top = vec![CardSpec::kind(Peach)];
        let mut c = Check::new(s);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Quhu,
                cards: Vec::new(),
                targets: vec![Seat(1)],
            },
        );
        let (mine, theirs) = (c.game.hand(Seat(0))[0], c.game.hand(Seat(1))[0]);
        c.act(0, Action::Cards { cards: vec![mine] });
        c.act(
            1,
            Action::Cards {
                cards: vec![theirs],
            },
        );
        assert!(c.is_asked(1, |k| *k
            == crate::prompt::PromptKind::Confirm {
                skill: SkillId::Lianying
            }));
        assert!(!c.has_prompt(0), "荀彧 waits for 连营");
        c.skill(1, SkillId::Lianying);
        assert_eq!(c.hand(1), vec![Peach]);
        assert!(c.is_asked(0, |k| matches!(
            k,
            crate::prompt::PromptKind::Choose {
                cause: crate::prompt::Cause::Skill(SkillId::Quhu)
            }
        )));
    }

    #[test]
    fn w_quhu_2_3_a_win_lets_him_choose_whom_the_tiger_hurts() {
        let mut c = xunyu(
            CardSpec::exact(Jink, Suit::Diamond, 11),
            CardSpec::exact(Jink, Suit::Diamond, 3),
        );
        // Within seat 1's range 1: seats 0 and 2 (荀彧 himself may be chosen).
        let offered: Vec<Seat> = c
            .prompt(0)
            .legal_actions(16)
            .into_iter()
            .filter_map(|a| match a {
                Action::Skill { targets, .. } => targets.first().copied(),
                _ => None,
            })
            .collect();
        assert_eq!(offered, vec![Seat(2), Seat(0)]);
        c.act(
            0,
            Action::Skill {
                skill: SkillId::Quhu,
                cards: Vec::new(),
                targets: vec![Seat(2)],
            },
        );
        assert_eq!(c.hp(2), 3);
        // The tiger is the source.
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(1)),
                target: Seat(2),
                ..
            }
        )));
        assert_eq!(c.discard_pile(), vec![Jink, Jink]);
    }

    #[test]
    fn w_quhu_2_a_tie_is_a_loss_and_the_tiger_hurts_him() {
        let c = xunyu(
            CardSpec::exact(Jink, Suit::Diamond, 7),
            CardSpec::exact(Slash, Suit::Diamond, 7),
        );
        assert_eq!(c.hp(0), 2);
        assert!(c.events.iter().any(|e| matches!(
            e,
            Event::Damaged {
                source: Some(Seat(1)),
                target: Seat(0),
                ..
            }
        )));
    }
}
