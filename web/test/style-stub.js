// Jest maps every CSS import to this module: styles do not exist in jsdom.
export default {};
