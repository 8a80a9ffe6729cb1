// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {ERC1155Burnable} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155Burnable.sol";
import {ERC1155URIStorage} from "@openzeppelin/contracts/token/ERC1155/extensions/ERC1155URIStorage.sol";
import {ERC1155Utils} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Utils.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC5216} from "./IERC5216.sol";

/**
 * @title HanabiToken
 * @notice ERC-1155 prize token of Hanabi: digital-goods prizes delivered to live-stream viewers.
 *
 * - One token id per prize; `uri(id)` returns the `ipfs://` metadata URI stored for that id.
 * - Minters deliver prizes with {airdrop}, which emits one `TransferSingle` per recipient so that a delivery
 *   reconciler can find every recipient in the logs.
 * - Holders burn with {burn}/{burnBatch} (holder or approved-for-all only; a per-id allowance does NOT authorise
 *   burns).
 * - Per-id allowances (ERC-5216): {approve}/{allowance}; {safeTransferFrom}/{safeBatchTransferFrom} by an operator
 *   that is neither the holder nor approved-for-all spend that allowance.
 * - Roles: DEFAULT_ADMIN_ROLE (grants/revokes roles), MINTER_ROLE (mint, mintBatch, airdrop), URI_SETTER_ROLE
 *   (setURI, setContractURI). The constructor grants all three to `admin`.
 */
contract HanabiToken is ERC1155URIStorage, ERC1155Burnable, AccessControl, IERC5216 {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant URI_SETTER_ROLE = keccak256("URI_SETTER_ROLE");

    mapping(address account => mapping(address operator => mapping(uint256 id => uint256))) private _allowances;

    string private _contractURI;

    /// @dev ERC-7572: the contract-level metadata URI changed.
    event ContractURIUpdated();

    /// @dev `operator` has a non-zero per-id allowance from `owner` for `id`, but less than `needed`.
    error ERC5216InsufficientAllowance(address operator, address owner, uint256 id, uint256 allowance, uint256 needed);

    /// @dev The admin passed to the constructor is the zero address.
    error HanabiInvalidAdmin(address admin);

    /// @dev {airdrop} was called with an empty recipient list.
    error HanabiEmptyAirdrop();

    /// @dev {airdrop} was called with `amount == 0` (it would log deliveries that deliver nothing).
    error HanabiZeroAmount();

    /**
     * @param admin receives DEFAULT_ADMIN_ROLE, MINTER_ROLE and URI_SETTER_ROLE.
     * @param contractURI_ ERC-7572 contract-level metadata URI (e.g. `ipfs://…`); may be empty.
     */
    constructor(address admin, string memory contractURI_) ERC1155("") {
        if (admin == address(0)) revert HanabiInvalidAdmin(address(0));
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
        _grantRole(URI_SETTER_ROLE, admin);
        _contractURI = contractURI_;
    }

    // ------------------------------------------------------------------ metadata

    /// @inheritdoc ERC1155URIStorage
    function uri(uint256 id) public view override(ERC1155, ERC1155URIStorage) returns (string memory) {
        return super.uri(id);
    }

    /**
     * @notice Stores the metadata URI of token type `id` (e.g. `ipfs://<cid>`). Emits `URI(value, id)`.
     * @dev Only URI_SETTER_ROLE.
     */
    function setURI(uint256 id, string calldata tokenURI) external onlyRole(URI_SETTER_ROLE) {
        _setURI(id, tokenURI);
    }

    /// @notice ERC-7572 contract-level metadata URI.
    function contractURI() external view returns (string memory) {
        return _contractURI;
    }

    /// @notice Sets the ERC-7572 contract-level metadata URI. Only URI_SETTER_ROLE. Emits {ContractURIUpdated}.
    function setContractURI(string calldata newContractURI) external onlyRole(URI_SETTER_ROLE) {
        _contractURI = newContractURI;
        emit ContractURIUpdated();
    }

    // ------------------------------------------------------------------ minting

    /// @notice Mints `amount` of `id` to `to`. Only MINTER_ROLE. Emits `TransferSingle`; calls the receiver hook.
    function mint(address to, uint256 id, uint256 amount, bytes calldata data) external onlyRole(MINTER_ROLE) {
        _mint(to, id, amount, data);
    }

    /// @notice Mints several ids to `to`. Only MINTER_ROLE. Emits `TransferBatch`; calls the batch receiver hook.
    function mintBatch(
        address to,
        uint256[] calldata ids,
        uint256[] calldata amounts,
        bytes calldata data
    ) external onlyRole(MINTER_ROLE) {
        _mintBatch(to, ids, amounts, data);
    }

    /**
     * @notice Delivers `amount` of `id` to each address in `to` (an address listed twice receives twice).
     * @dev Only MINTER_ROLE. Emits one `TransferSingle(operator, 0x0, recipient, id, amount)` per recipient, in list
     * order, and calls `onERC1155Received` on every recipient that has code (the whole call reverts if one rejects).
     * Reverts on an empty list, `amount == 0` or a zero-address recipient.
     *
     * Gas: the singleton `ids`/`values` arrays are allocated once and reused, and the loop calls the same OpenZeppelin
     * `_update` + `ERC1155Utils.checkOnERC1155Received` pair as `_mint`, so overrides of `_update` (supply tracking,
     * pausing) keep working.
     */
    function airdrop(address[] calldata to, uint256 id, uint256 amount) external onlyRole(MINTER_ROLE) {
        uint256 count = to.length;
        if (count == 0) revert HanabiEmptyAirdrop();
        if (amount == 0) revert HanabiZeroAmount();

        uint256[] memory ids = new uint256[](1);
        uint256[] memory values = new uint256[](1);
        ids[0] = id;
        values[0] = amount;
        address operator = _msgSender();
        bytes memory data = "";

        for (uint256 i = 0; i < count; ++i) {
            address recipient = to[i];
            if (recipient == address(0)) revert ERC1155InvalidReceiver(address(0));
            _update(address(0), recipient, ids, values);
            ERC1155Utils.checkOnERC1155Received(operator, address(0), recipient, id, amount, data);
        }
    }

    // ------------------------------------------------------------------ ERC-5216 per-id allowances

    /// @inheritdoc IERC5216
    function approve(address operator, uint256 id, uint256 amount) external {
        _approve(_msgSender(), operator, id, amount);
    }

    /// @inheritdoc IERC5216
    function allowance(address account, address operator, uint256 id) public view returns (uint256) {
        return _allowances[account][operator][id];
    }

    /**
     * @notice ERC-1155 transfer. Allowed for the holder, an operator approved for all, or an operator with a per-id
     * allowance of at least `value` (which is then decreased by `value`).
     * @dev Reverts with `ERC1155MissingApprovalForAll` when the operator has neither approval-for-all nor any allowance
     * for `id`, and with {ERC5216InsufficientAllowance} when its allowance is non-zero but below `value`.
     */
    function safeTransferFrom(
        address from,
        address to,
        uint256 id,
        uint256 value,
        bytes memory data
    ) public override(ERC1155, IERC1155) {
        address operator = _msgSender();
        if (from != operator && !isApprovedForAll(from, operator)) {
            _spendAllowance(from, operator, id, value);
        }
        _safeTransferFrom(from, to, id, value, data);
    }

    /**
     * @notice ERC-1155 batch transfer; as {safeTransferFrom}, an operator without approval-for-all spends its per-id
     * allowance for every (id, value) pair (a repeated id spends cumulatively).
     * @dev An operator that is neither the holder nor approved-for-all is refused an empty batch: the allowance check
     * runs per pair, so with no pair it would pass unchecked and log `TransferBatch(operator, from, to, [], [])` for
     * someone else's account (and call `onERC1155BatchReceived` on any contract). OpenZeppelin's own function checks
     * authorisation before the loop; this keeps that guarantee whatever the batch length.
     */
    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] memory ids,
        uint256[] memory values,
        bytes memory data
    ) public override(ERC1155, IERC1155) {
        address operator = _msgSender();
        if (from != operator && !isApprovedForAll(from, operator)) {
            if (ids.length == 0) revert ERC1155MissingApprovalForAll(operator, from);
            if (ids.length != values.length) revert ERC1155InvalidArrayLength(ids.length, values.length);
            for (uint256 i = 0; i < ids.length; ++i) {
                _spendAllowance(from, operator, ids[i], values[i]);
            }
        }
        _safeBatchTransferFrom(from, to, ids, values, data);
    }

    /// @dev Sets `operator`'s allowance over `owner`'s tokens of type `id`. Emits {Approval}.
    function _approve(address owner, address operator, uint256 id, uint256 amount) internal virtual {
        if (operator == address(0) || operator == owner) revert ERC1155InvalidOperator(operator);
        _allowances[owner][operator][id] = amount;
        emit Approval(owner, operator, id, amount);
    }

    /// @dev Decreases `operator`'s allowance over `owner`'s `id` by `value`, reverting if it is not enough.
    function _spendAllowance(address owner, address operator, uint256 id, uint256 value) internal virtual {
        uint256 current = _allowances[owner][operator][id];
        if (current == 0) revert ERC1155MissingApprovalForAll(operator, owner);
        if (current < value) revert ERC5216InsufficientAllowance(operator, owner, id, current, value);
        unchecked {
            _allowances[owner][operator][id] = current - value;
        }
    }

    // ------------------------------------------------------------------ introspection

    /// @notice ERC-165: IERC165, IERC1155, IERC1155MetadataURI, IAccessControl and IERC5216 (0x1be07d74).
    function supportsInterface(
        bytes4 interfaceId
    ) public view override(ERC1155, AccessControl, IERC165) returns (bool) {
        return interfaceId == type(IERC5216).interfaceId || super.supportsInterface(interfaceId);
    }
}
