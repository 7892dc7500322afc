//! 借刀杀人 Collateral — 普通锦囊.
//!
//! 出牌阶段，对装备区里有武器牌且攻击范围内有【杀】的合法目标的一名其他角色A使用（你选择A攻击
//! 范围内的一名角色B）。A须对B使用一张【杀】，否则将装备区里的武器牌交给你。
//! Use on another character A with a weapon, naming B whom A could 杀: A must use a 杀 on B, or
//! give you their weapon.

use crate::action::Action;
use crate::card::{CardKind, Category, Slot};
use crate::def::card::{always, CardDef, Target};
use crate::def::skill::CardMode;
use crate::game::Game;
use crate::prompt::{Cause, Choices, Prompt, PromptKind};
use crate::resolve::{CardUse, EffectFrame, Frame, Step, UseFrame};
use crate::zone::Zone;

pub static DEF: CardDef = CardDef {
    kind: CardKind::Collateral,
    name_zh: "借刀杀人",
    name_en: "Collateral",
    text_zh: "出牌阶段，对装备区里有武器牌的一名其他角色A使用（你选择A攻击范围内的一名角色B）。A须对B使用一张【杀】，否则将其装备区里的武器牌交给你。",
    text_en: "Use on another character A with a weapon, naming B within A's attack range: A must use a Slash on B, or give you the weapon.",
    category: Category::Trick,
    range: 0,
    skill: None,
    target: Target::Collateral,
    can_use: always,
    on_start: None,
    effect: Some(effect),
    delayed: None,
    recast: false,
    on_unequip: None,
    after_effects: None,
};

fn effect(game: &mut Game, frame: &mut EffectFrame) -> Step {
    let id = frame.use_id;
    let holder = frame.target;
    let user = game.card_use(id).user;
    let Some(victim) = game.card_use(id).victim else {
        return Step::Done;
    };
    match frame.step {
        0 => {
            if game.equipped(holder, Slot::Weapon).is_none() {
                return Step::Done;
            }
            frame.step = 1;
            let mut actions = Vec::new();
            if game.is_alive(victim) && game.can_slash(holder, victim) {
                actions = game.response_actions(
                    holder,
                    CardKind::Slash,
                    CardMode::UseInResponse,
                    &[victim],
                );
            }
            actions.push(Action::Pass);
            Step::ask(Prompt::new(
                holder,
                PromptKind::Respond {
                    card: CardKind::Slash,
                    cause: Cause::Card(CardKind::Collateral),
                    from: Some(user),
                    remaining: 1,
                },
                Choices::actions(actions),
            ))
        }
        1 => {
            frame.step = 2;
            match game.take_answer() {
                Some((_, Action::Card { cards, skill, .. })) => {
                    let Some(card) = game.make_used_card(&cards, skill, Some(CardKind::Slash))
                    else {
                        return Step::Done;
                    };
                    Step::Push(Frame::Use(UseFrame::new(CardUse::new(
                        holder,
                        card,
                        vec![victim],
                    ))))
                }
                _ => {
                    if let Some(weapon) = game.equipped(holder, Slot::Weapon) {
                        if game.is_alive(user) {
                            game.move_cards(&[weapon], Zone::Hand(user));
                        }
                    }
                    Step::Done
                }
            }
        }
        _ => Step::Done,
    }
}

#[cfg(test)]
mod tests {
    use crate::card::CardKind::*;
    use crate::seat::Role::*;
    use crate::testing::{cards, seat, table, Check};

    #[test]
    fn only_a_seat_with_a_weapon_and_a_victim_in_its_range() {
        // timing-rulings.md E.24: the victim must be within the holder's attack range.
        let mut s = table(&[Lord, Rebel, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Collateral]);
        seat(&mut s, 1).equip = cards(&[Crossbow]);
        seat(&mut s, 2).equip = cards(&[Dilu]);
        let c = Check::new(s);
        assert!(c.find_card(0, Collateral, &[1, 0]).is_some());
        assert!(c.find_card(0, Collateral, &[1, 2]).is_none());
        assert!(c.find_card(0, Collateral, &[1, 3]).is_none());
        // No weapon, no target.
        assert!(c.find_card(0, Collateral, &[2, 1]).is_none());
        assert!(c.find_card(0, Collateral, &[3, 0]).is_none());
    }

    #[test]
    fn the_user_cannot_borrow_its_own_weapon() {
        let mut s = table(&[Lord, Rebel]);
        seat(&mut s, 0).hand = cards(&[Collateral]);
        seat(&mut s, 0).equip = cards(&[Crossbow]);
        let c = Check::new(s);
        assert!(c.find_card(0, Collateral, &[0, 1]).is_none());
    }

    #[test]
    fn a_holder_without_slash_must_give_up_the_weapon() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Collateral]);
        seat(&mut s, 1).equip = cards(&[Blade]);
        seat(&mut s, 1).hand = cards(&[Jink]);
        let mut c = Check::new(s);
        c.card(0, Collateral, &[1, 2]).pass_windows();
        assert!(c.find_card(1, Slash, &[2]).is_none());
        c.pass(1);
        assert_eq!(c.hand(0), vec![Blade]);
        assert!(c.equipment(1).is_empty());
    }

    #[test]
    fn nullified_nothing_happens() {
        let mut s = table(&[Lord, Rebel, Rebel]);
        seat(&mut s, 0).hand = cards(&[Collateral]);
        seat(&mut s, 1).equip = cards(&[Blade]);
        seat(&mut s, 2).hand = cards(&[Nullification]);
        let mut c = Check::new(s);
        c.card(0, Collateral, &[1, 2]);
        c.card(2, Nullification, &[]).pass_windows();
        assert_eq!(c.equipment(1), vec![Blade]);
        assert!(c.hand(0).is_empty());
        assert!(c.has_prompt(0));
    }
}
