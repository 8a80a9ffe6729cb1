// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";

/**
 * @title ERC-1155 Allowance Extension (ERC-5216)
 * @dev Per-id, per-amount approvals for ERC-1155, in the spirit of ERC-20 allowances.
 * See https://eips.ethereum.org/EIPS/eip-5216.
 *
 * The ERC-165 identifier of this interface is 0x1be07d74
 * (`approve(address,uint256,uint256)` XOR `allowance(address,address,uint256)`).
 */
interface IERC5216 is IERC1155 {
    /**
     * @dev Emitted when `account` sets the allowance of `operator` over its tokens of type `id` to `amount`.
     */
    event Approval(address indexed account, address indexed operator, uint256 id, uint256 amount);

    /**
     * @dev Sets the allowance of `operator` over the caller's tokens of type `id` to `amount`
     * (it replaces, it does not add). Emits an {Approval} event.
     *
     * Requirements:
     * - `operator` cannot be the caller nor the zero address.
     */
    function approve(address operator, uint256 id, uint256 amount) external;

    /**
     * @dev Returns how many tokens of type `id` owned by `account` the `operator` may still transfer.
     */
    function allowance(address account, address operator, uint256 id) external view returns (uint256);
}
